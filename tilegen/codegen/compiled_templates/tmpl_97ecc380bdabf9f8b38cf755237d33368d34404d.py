from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_launcher_head.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_s = resolve('s')
    l_0_a = resolve('a')
    l_0_b = resolve('b')
    l_0_kwargs = l_0_spec_names = l_0_public_kwargs = l_0_signature = l_0_key_align = l_0_inputs = l_0_outputs = l_0_facts = l_0_checked = l_0_named_inputs = l_0_named_outputs = missing
    try:
        t_1 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_2 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_3 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_4 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_5 = environment.filters['public']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'public' found.")
    try:
        t_6 = environment.filters['pytuple']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'pytuple' found.")
    try:
        t_7 = environment.tests['defined']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'defined' found.")
    try:
        t_8 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_8(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    l_0_kwargs = (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'launch_kwargs') if t_7(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'launch_kwargs')) else ())
    context.vars['kwargs'] = l_0_kwargs
    context.exported_vars.add('kwargs')
    l_0_spec_names = t_3(context.eval_ctx, t_4(context, (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs')), attribute='spec_name'))
    context.vars['spec_names'] = l_0_spec_names
    context.exported_vars.add('spec_names')
    l_0_public_kwargs = t_3(context.eval_ctx, t_4(context, t_4(context, (undefined(name='kwargs') if l_0_kwargs is missing else l_0_kwargs), 'first'), 'public_kwarg', (undefined(name='spec_names') if l_0_spec_names is missing else l_0_spec_names)))
    context.vars['public_kwargs'] = l_0_public_kwargs
    context.exported_vars.add('public_kwargs')
    def macro(l_1_kwargs, l_1_public_kwargs):
        t_9 = []
        l_1_zip = resolve('zip')
        if l_1_kwargs is missing:
            l_1_kwargs = undefined("parameter 'kwargs' was not provided", name='kwargs')
        if l_1_public_kwargs is missing:
            l_1_public_kwargs = undefined("parameter 'public_kwargs' was not provided", name='public_kwargs')
        pass
        t_9.extend((
            'def ',
            str(t_5(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))),
            '(\n',
        ))
        for l_2_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params'):
            _loop_vars = {}
            pass
            t_9.extend((
                '    ',
                str(environment.getattr(l_2_p, 'spec_name')),
            ))
            if (t_7(environment.getattr(l_2_p, 'default')) and (not t_8(environment.getattr(l_2_p, 'default')))):
                pass
                t_9.extend((
                    '=',
                    str(environment.getattr(l_2_p, 'default')),
                ))
            t_9.append(
                ',\n',
            )
        l_2_p = missing
        t_9.append(
            '    *,\n',
        )
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
            _loop_vars = {}
            pass
            t_9.extend((
                '    ',
                str(environment.getattr(l_2_t, 'spec_name')),
                '=None,\n',
            ))
        l_2_t = missing
        for l_2_name in l_1_public_kwargs:
            _loop_vars = {}
            pass
            t_9.extend((
                '    ',
                str(l_2_name),
                '=None,\n',
            ))
        l_2_name = missing
        t_9.extend((
            '):\n    """Launch ',
            str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name')),
            '_kernel (spec: ',
            str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file')),
            ':',
            str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line')),
            ').\n\n    ',
            str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'text')),
            '\n\n    Tensors may be CUDA tensors (or CPU tensors under TRITON_INTERPRET=1) with any\n    strides. Pass ',
            str(t_1(context.eval_ctx, t_4(context, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='spec_name'), 'string'), '=, ')),
            '= to write into existing tensors.\n',
        ))
        for ((l_2_name, l_2_doc), l_2_public_name) in context.call((undefined(name='zip') if l_1_zip is missing else l_1_zip), l_1_kwargs, l_1_public_kwargs):
            _loop_vars = {}
            pass
            t_9.extend((
                '    ',
                str(l_2_public_name),
                '= ',
                str(l_2_doc),
                '\n',
            ))
        l_2_name = l_2_doc = l_2_public_name = missing
        t_9.extend((
            '    Returns ',
            str((str_join(('(', t_1(context.eval_ctx, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='spec_name'), ', '), ')', )) if (t_2(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs')) > 1) else environment.getattr(environment.getitem(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), 0), 'spec_name'))),
            '.\n    """\n',
        ))
        return concat(t_9)
    context.exported_vars.add('signature')
    context.vars['signature'] = l_0_signature = Macro(environment, macro, 'signature', ('kwargs', 'public_kwargs'), False, False, False, context.eval_ctx.autoescape)
    yield '# The call signatures '
    yield str(t_5(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name')))
    yield '() has checked in full (tilegen.runtime.calls).\n'
    l_0_key_align = (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pointer_align') if t_7(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pointer_align')) else 16)
    context.vars['key_align'] = l_0_key_align
    context.exported_vars.add('key_align')
    yield '_'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls = _calls.Calls(\n    "'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '",\n    '
    yield str(t_6(t_4(context, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'), attribute='spec_name'), 'tojson')))
    yield ',\n    '
    yield str(t_6(t_4(context, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='spec_name'), 'tojson')))
    yield ',\n    in_place='
    yield str((environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'kind') != 'gemm'))
    yield ',\n'
    if ((undefined(name='key_align') if l_0_key_align is missing else l_0_key_align) > 16):
        pass
        yield '    # Data pointers keyed modulo '
        yield str((undefined(name='key_align') if l_0_key_align is missing else l_0_key_align))
        yield ' bytes, not 16: the launch choice reads them so (row_window).\n    align='
        yield str((undefined(name='key_align') if l_0_key_align is missing else l_0_key_align))
        yield ',\n'
    yield ')\n\n\n'
    yield str(context.call((undefined(name='signature') if l_0_signature is missing else l_0_signature), (undefined(name='kwargs') if l_0_kwargs is missing else l_0_kwargs), (undefined(name='public_kwargs') if l_0_public_kwargs is missing else l_0_public_kwargs)))
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'wrapped'):
        pass
        yield '    # The generated code uses '
        yield str(t_1(context.eval_ctx, t_4(context, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'renamed'), 'first'), 'tojson'), ', '))
        yield ' itself: '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'fn'))
        yield ' takes\n    # '
        yield str(('them' if (t_2(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'renamed')) > 1) else 'it'))
        yield ' as '
        yield str(t_1(context.eval_ctx, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'renamed'), 'last'), ', '))
        yield '.\n    return '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'fn'))
        yield '('
        for l_1_name in ((undefined(name='spec_names') if l_0_spec_names is missing else l_0_spec_names) + (undefined(name='public_kwargs') if l_0_public_kwargs is missing else l_0_public_kwargs)):
            _loop_vars = {}
            pass
            yield str(l_1_name)
            yield ', '
        l_1_name = missing
        yield ')\n\n\ndef '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'fn'))
        yield '('
        for l_1_p in (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs')):
            _loop_vars = {}
            pass
            yield str(environment.getattr(l_1_p, 'name'))
            yield ', '
        l_1_p = missing
        for (l_1_name, l_1_doc) in (undefined(name='kwargs') if l_0_kwargs is missing else l_0_kwargs):
            _loop_vars = {}
            pass
            yield str(l_1_name)
            yield ', '
        l_1_name = l_1_doc = missing
        yield '):\n    """'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '\'s launcher, taking each argument by its name in the generated code."""\n'
    l_0_inputs = t_6(t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'), attribute='name'))
    context.vars['inputs'] = l_0_inputs
    context.exported_vars.add('inputs')
    l_0_outputs = t_6(t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'))
    context.vars['outputs'] = l_0_outputs
    context.exported_vars.add('outputs')
    l_0_facts = (['_narrow', '_b_k_major'] if (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'kind') == 'gemm') else [])
    context.vars['facts'] = l_0_facts
    context.exported_vars.add('facts')
    l_0_checked = t_1(context.eval_ctx, ((['device'] + t_3(context.eval_ctx, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'dim_sources'), attribute='dim'))) + (undefined(name='facts') if l_0_facts is missing else l_0_facts)), ', ')
    context.vars['checked'] = l_0_checked
    context.exported_vars.add('checked')
    l_0_named_inputs = t_6(t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'), 'named_arg'))
    context.vars['named_inputs'] = l_0_named_inputs
    context.exported_vars.add('named_inputs')
    l_0_named_outputs = t_6(t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), 'named_arg'))
    context.vars['named_outputs'] = l_0_named_outputs
    context.exported_vars.add('named_outputs')
    yield "    # The checks run in full for the first call of each signature (its tensors' types, dtypes,\n    # layouts, shapes, strides, devices, "
    yield str((undefined(name='key_align') if l_0_key_align is missing else l_0_key_align))
    yield '-byte alignments, requires_grad); a later call of the\n    # same signature repeats those that depend on more: storage bounds, the overlap of outputs\n    # passed in, scalars (tilegen.runtime.calls).\n    signature, checked = _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls.find('
    yield str((undefined(name='inputs') if l_0_inputs is missing else l_0_inputs))
    yield ', '
    yield str((undefined(name='outputs') if l_0_outputs is missing else l_0_outputs))
    yield ')\n    if checked is None:\n        # Check every argument and bind each named dimension from its first use.\n        sizes = {}\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        yield '        _args.check_tensor("'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '", "'
        yield str(environment.getattr(l_1_t, 'spec_name'))
        yield '", '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ', torch.'
        yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'torch'))
        yield ', '
        yield str(environment.getattr(l_1_t, 'dims_repr'))
        yield ')\n        _args.bind_dims("'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '", sizes, "'
        yield str(environment.getattr(l_1_t, 'spec_name'))
        yield '", '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ', '
        yield str(environment.getattr(l_1_t, 'dims_repr'))
        yield ')\n'
    l_1_t = missing
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_p, 'name'))
        yield ' = _args.check_scalar("'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '", "'
        yield str(environment.getattr(l_1_p, 'spec_name'))
        yield '", '
        yield str(environment.getattr(l_1_p, 'name'))
        yield ', "'
        yield str(environment.getattr(l_1_p, 'py_kind'))
        yield '", torch.'
        yield str(environment.getattr(environment.getattr(l_1_p, 'dtype'), 'torch'))
        yield ')\n'
    l_1_p = missing
    yield '        device = _args.check_device("'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '", '
    yield str((undefined(name='named_inputs') if l_0_named_inputs is missing else l_0_named_inputs))
    yield ')\n'
    for l_1_src in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'dim_sources'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_src, 'dim'))
        yield ' = sizes["'
        yield str(environment.getattr(l_1_src, 'key'))
        yield '"][0]\n'
    l_1_src = missing
    yield '        # Outputs passed in must not share memory with the inputs or each other'
    yield str((" (exactly an input's view: in place)" if (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'kind') != 'gemm') else cond_expr_undefined("the inline if-expression on line 83 in '_launcher_head.py.j2' evaluated to false and no else section was defined.")))
    yield '.\n        _args.check_overlap(\n            "'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '",\n            '
    yield str((undefined(name='named_inputs') if l_0_named_inputs is missing else l_0_named_inputs))
    yield ',\n            '
    yield str((undefined(name='named_outputs') if l_0_named_outputs is missing else l_0_named_outputs))
    yield ',\n            in_place='
    yield str((environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'kind') != 'gemm'))
    yield ',\n        )\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '        _args.check_output("'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '", "'
        yield str(environment.getattr(l_1_t, 'spec_name'))
        yield '", '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ', '
        yield str(t_6(environment.getattr(l_1_t, 'dims')))
        yield ', torch.'
        yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'torch'))
        yield ', device)\n'
    l_1_t = missing
    if (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'kind') == 'gemm'):
        pass
        yield '        # Does Triton load an operand element by element? Then other tiles suit (a fact of the\n        # signature: strides, sizes and 16-byte alignment; tilegen.runtime.gemm_configs.gemm_narrow_loads).\n        _narrow = _gemm.gemm_narrow_loads('
        yield str(t_6(([environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')] + ([environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name')] if (environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name') != environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')) else []))))
        yield ')\n        # Does '
        yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what'))
        yield ' have a unit stride down K, as an [N, K] weight read as w.T has? The launch\n        # model ranks tiles by it (tilegen.runtime.gemm_configs.gemm_k_major).\n        _b_k_major = _gemm.gemm_k_major('
        yield str(environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name'))
        yield ', k_axis='
        yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'k_axis'))
        yield ')\n'
    yield '        checked = _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls.keep(signature, '
    yield str((undefined(name='inputs') if l_0_inputs is missing else l_0_inputs))
    yield ', '
    yield str((undefined(name='outputs') if l_0_outputs is missing else l_0_outputs))
    yield ', ('
    yield str((undefined(name='checked') if l_0_checked is missing else l_0_checked))
    yield str((',' if (not (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'dim_sources') or (undefined(name='facts') if l_0_facts is missing else l_0_facts))) else cond_expr_undefined("the inline if-expression on line 101 in '_launcher_head.py.j2' evaluated to false and no else section was defined.")))
    yield '))\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        pass
        yield '    else:\n'
        for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(environment.getattr(l_1_p, 'name'))
            yield ' = _args.check_scalar("'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '", "'
            yield str(environment.getattr(l_1_p, 'spec_name'))
            yield '", '
            yield str(environment.getattr(l_1_p, 'name'))
            yield ', "'
            yield str(environment.getattr(l_1_p, 'py_kind'))
            yield '", torch.'
            yield str(environment.getattr(environment.getattr(l_1_p, 'dtype'), 'torch'))
            yield ')\n'
        l_1_p = missing
    yield '    '
    yield str(((undefined(name='checked') if l_0_checked is missing else l_0_checked) if (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'dim_sources') or (undefined(name='facts') if l_0_facts is missing else l_0_facts)) else '(device,)'))
    yield ' = checked\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '    if '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ' is None:\n        '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ' = torch.empty(size='
        yield str(t_6(environment.getattr(l_1_t, 'dims')))
        yield ', dtype=torch.'
        yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'torch'))
        yield ', device=device)\n'
    l_1_t = missing

blocks = {}
debug_info = '4=64&5=67&7=70&8=73&9=83&10=86&11=91&14=106&15=111&17=115&18=120&21=126&23=132&26=134&27=137&28=142&30=150&33=157&34=159&35=163&36=165&37=167&38=169&39=171&40=173&41=176&42=178&47=181&48=182&49=185&50=189&51=193&54=202&55=217&57=219&58=222&60=225&61=228&62=231&63=234&65=238&68=240&72=246&73=250&74=260&76=269&77=273&79=287&80=291&81=295&83=301&85=303&86=305&87=307&88=309&90=311&91=315&93=326&96=329&97=331&99=333&101=338&102=347&104=350&105=354&108=368&109=370&110=374&112=376'