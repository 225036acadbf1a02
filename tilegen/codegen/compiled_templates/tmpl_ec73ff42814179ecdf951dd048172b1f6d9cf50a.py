from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'elementwise.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_sc = l_0_s = l_0_tensors = missing
    try:
        t_1 = environment.filters['indent']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'indent' found.")
    try:
        t_2 = environment.filters['join']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'join' found.")
    try:
        t_3 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_4 = environment.filters['pytuple']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'pytuple' found.")
    try:
        t_5 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_sc = context.vars['sc'] = environment.get_template('_scalars.py.j2', 'elementwise.py.j2')._get_default_module(context)
    context.exported_vars.discard('sc')
    l_0_s = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'sig')
    context.vars['s'] = l_0_s
    context.exported_vars.add('s')
    l_0_tensors = (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'))
    context.vars['tensors'] = l_0_tensors
    context.exported_vars.add('tensors')
    yield '# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel(\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_t, 'name'))
        yield '_ptr,  # '
        yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
        yield '['
        yield str(environment.getattr(l_1_t, 'dims_text'))
        yield ']\n'
    l_1_t = missing
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        pass
        yield '    '
        yield str(t_1(t_5(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'params'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_t, 'name'))
        yield '_ptr,  # '
        yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
        yield '['
        yield str(environment.getattr(l_1_t, 'dims_text'))
        yield '], output\n'
    l_1_t = missing
    yield '    n_elements,  # number of output elements: '
    yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space'), ' * '))
    yield '\n'
    for l_1_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(l_1_d)
        yield ',\n'
    l_1_d = missing
    for l_1_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
        _loop_vars = {}
        pass
        for (l_2_axis, l_2_stride) in environment.getattr(l_1_t, 'strides'):
            _loop_vars = {}
            pass
            yield '    '
            yield str(l_2_stride)
            yield ',\n'
        l_2_axis = l_2_stride = missing
    l_1_t = missing
    yield '    BLOCK: tl.constexpr,  # output elements per program\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'has_flat'):
        pass
        yield '    FLAT: tl.constexpr,  # every tensor is contiguous: the flat index is the memory offset\n'
    yield '    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n):\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'):
        pass
        yield '    # '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'))
        yield '\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_5(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    yield '    # Program `pid` handles output elements [pid * BLOCK, (pid + 1) * BLOCK) in row-major order over ['
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text'))
    yield '].\n    pid = tl.program_id(0)\n    if INDEX_64:\n        pid = pid.to(tl.int64)\n    offs = pid * BLOCK + tl.arange(0, BLOCK)\n    # mask: the last program runs past the end when n_elements is not a multiple of BLOCK.\n    mask = offs < n_elements\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'has_flat'):
        pass
        yield '    if FLAT:\n'
        for l_1_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
            _loop_vars = {}
            pass
            yield '        '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '_offs = offs\n'
        l_1_t = missing
        yield '    else:\n'
        t_6 = []
        pass
        template = environment.get_template('_strided_offsets.py.j2', 'elementwise.py.j2')
        gen = template.root_render_func(template.new_context(context.get_all(), True, {'s': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
        try:
            for event in gen:
                t_6.append(event)
        finally: gen.close()
        yield t_1(concat(t_6), 4, first=True)
    else:
        pass
        template = environment.get_template('_strided_offsets.py.j2', 'elementwise.py.j2')
        gen = template.root_render_func(template.new_context(context.get_all(), True, {'s': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
        try:
            for event in gen:
                yield event
        finally: gen.close()
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loads'):
        pass
        yield '    # Load the inputs. Masked-off lanes read '
        yield str(environment.getattr(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loads'), 0), 'other'))
        yield '; they are computed but never stored.\n'
    for l_1_load in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loads'):
        l_1_ptr = missing
        _loop_vars = {}
        pass
        l_1_ptr = str_join((environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name'), '_ptr + ', (environment.getattr(l_1_load, 'var') if environment.getattr(l_1_load, 'offs') else environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name')), '_offs', ))
        _loop_vars['ptr'] = l_1_ptr
        if environment.getattr(l_1_load, 'var'):
            pass
            yield '    # '
            yield str(environment.getattr(l_1_load, 'var'))
            yield ': a block of '
            yield str(environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name'))
            yield '['
            yield str(environment.getattr(environment.getattr(l_1_load, 'tensor'), 'dims_text'))
            yield ']'
            yield str((", its index along the cut dimension moved to the block's start" if environment.getattr(l_1_load, 'offs') else ', from its start'))
            yield '.\n'
        if environment.getattr(l_1_load, 'offs'):
            pass
            yield '    '
            yield str(environment.getattr(l_1_load, 'var'))
            yield '_offs = '
            yield str(environment.getattr(l_1_load, 'offs'))
            yield '\n'
        if environment.getattr(l_1_load, 'upcast'):
            pass
            yield '    # '
            yield str(environment.getattr(environment.getattr(environment.getattr(l_1_load, 'tensor'), 'dtype'), 'name'))
            yield ' is loaded and computed in f32; the store rounds back.\n    '
            yield str((environment.getattr(l_1_load, 'var') or environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name')))
            yield ' = '
            yield str(environment.getitem(environment.getattr(l_1_load, 'upcast'), 0))
            yield 'tl.load('
            yield str((undefined(name='ptr') if l_1_ptr is missing else l_1_ptr))
            yield ', mask=mask, other='
            yield str(environment.getattr(l_1_load, 'other'))
            yield ')'
            yield str(environment.getitem(environment.getattr(l_1_load, 'upcast'), 1))
            yield '\n'
        else:
            pass
            yield '    '
            yield str((environment.getattr(l_1_load, 'var') or environment.getattr(environment.getattr(l_1_load, 'tensor'), 'name')))
            yield ' = tl.load('
            yield str((undefined(name='ptr') if l_1_ptr is missing else l_1_ptr))
            yield ', mask=mask, other='
            yield str(environment.getattr(l_1_load, 'other'))
            yield ')\n'
    l_1_load = l_1_ptr = missing
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'statements'):
        _loop_vars = {}
        pass
        yield '    # spec: '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
        yield ':'
        yield str(environment.getattr(l_1_st, 'line'))
        yield '\n    '
        yield str(environment.getattr(l_1_st, 'target'))
        yield ' = '
        yield str(environment.getattr(l_1_st, 'triton'))
        yield '\n'
    l_1_st = missing
    yield '    # Store each output, cast to its declared type, under the same mask.\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '    tl.store('
        yield str(environment.getattr(l_1_t, 'name'))
        yield '_ptr + '
        yield str(environment.getattr(l_1_t, 'name'))
        yield '_offs, '
        yield str(environment.getattr(l_1_t, 'store_open'))
        yield str(environment.getattr(l_1_t, 'name'))
        yield str(environment.getattr(l_1_t, 'store_cast'))
        yield ', mask=mask)\n'
    l_1_t = missing
    yield '\n\n'
    template = environment.get_template('_launcher_head.py.j2', 'elementwise.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'s': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    n_elements = '
    yield str(environment.getattr(environment.getitem(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), 0), 'name'))
    yield '.numel()\n    if n_elements == 0:\n        # Nothing to compute: return the (empty) outputs without launching.\n        return '
    yield str(t_2(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'block'):
        pass
        yield '    BLOCK, num_warps = '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'block'))
        yield ', '
        yield str((environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps') or 4))
        yield "  # pinned by the spec's schedule\n"
    else:
        pass
        yield '    # Measured on an H100 (docs/design.md): 1024 elements a program over 4 warps, and\n    # over 8 warps from 2**22 elements on, where that streams at copy speed.\n    BLOCK, num_warps = (1024, 4) if n_elements < (1 << 22) else (1024, 8)\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'):
            pass
            yield '    num_warps = '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'))
            yield "  # pinned by the spec's schedule\n"
    yield "    # One program per BLOCK output elements.\n    grid = (_args.cdiv(n_elements, BLOCK),)\n    # Is every tensor contiguous (the flat index is then each one's offset), and does some\n    # offset need 64 bits? Facts of the call's signature (outputs allocated here are\n    # contiguous), worked out on its first call (tilegen.runtime.args.layout_facts).\n    _flat, _index_64 = _"
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls.facts(signature, _args.layout_facts, '
    yield str(t_4(t_3(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name')))
    yield ')\n    # '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel[grid](...) through tilegen.runtime.launch: straight to the compiled kernel\n    # once Triton has compiled it for arguments of these classes. Keyed on each call:\n    # '
    yield str(('the scalars and ' if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars') else cond_expr_undefined("the inline if-expression on line 107 in 'elementwise.py.j2' evaluated to false and no else section was defined.")))
    yield 'the outputs (allocated or passed in); the signature fixes the\n    # classes of the other arguments.\n    _fast.launch_known(\n        _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls.launches,\n        signature,\n        ('
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_p, 'name'))
        yield ', '
    l_1_p = missing
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_t, 'name'))
        yield ', '
    l_1_t = missing
    yield '),\n        '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel,\n        grid,\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ',\n'
    l_1_t = missing
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_p, 'name'))
        yield ',\n'
    l_1_p = missing
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ',\n'
    l_1_t = missing
    yield '        n_elements,\n'
    for l_1_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(l_1_d)
        yield ',\n'
    l_1_d = missing
    for l_1_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
        _loop_vars = {}
        pass
        for (l_2_axis, l_2_stride) in environment.getattr(l_1_t, 'strides'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '.stride('
            yield str(l_2_axis)
            yield '),\n'
        l_2_axis = l_2_stride = missing
    l_1_t = missing
    yield '        BLOCK=BLOCK,\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'has_flat'):
        pass
        yield '        FLAT=_flat,\n'
    yield '        INDEX_64=_index_64,\n        num_warps=num_warps,\n    )\n    return '
    yield str(t_2(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n\n\n'
    template = environment.get_template('_reference.py.j2', 'elementwise.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'s': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()

blocks = {}
debug_info = '1=43&2=45&3=48&4=52&6=56&7=58&8=62&10=69&11=72&13=74&14=78&16=86&17=88&18=92&20=95&21=98&22=102&26=107&31=111&32=114&34=116&35=119&37=122&44=124&46=127&47=131&51=137&50=143&54=146&56=152&57=155&59=157&60=161&61=163&62=166&64=174&65=177&67=181&68=184&69=186&71=199&74=206&75=210&76=214&79=220&80=224&84=234&85=241&88=243&89=245&90=248&95=255&96=258&104=261&105=265&107=267&110=269&112=271&113=284&115=286&116=290&118=293&119=297&121=300&122=304&125=308&126=312&128=315&129=318&130=322&134=329&140=333&143=335'