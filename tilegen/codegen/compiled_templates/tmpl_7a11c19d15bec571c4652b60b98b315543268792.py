from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_reference.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_s = resolve('s')
    l_0_k = resolve('k')
    l_0_used = l_0_output_ref = missing
    try:
        t_1 = environment.filters['identifiers']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'identifiers' found.")
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
        t_5 = environment.filters['pytuple']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'pytuple' found.")
    try:
        t_6 = environment.tests['defined']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No test named 'defined' found.")
    try:
        t_7 = environment.tests['none']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'none' found.")
    pass
    yield 'def '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_reference('
    l_1_loop = missing
    for l_1_p, l_1_loop in LoopContext(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params'), undefined):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_p, 'spec_name'))
        if (t_6(environment.getattr(l_1_p, 'default')) and (not t_7(environment.getattr(l_1_p, 'default')))):
            pass
            yield '='
            yield str(environment.getattr(l_1_p, 'default'))
        yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 3 in '_reference.py.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_p = missing
    yield '):\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'wrapped'):
        pass
        yield '    """'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield ' in plain torch, from the same spec ('
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
        yield ':'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
        yield ')."""\n    return _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_reference('
        for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params'):
            _loop_vars = {}
            pass
            yield str(environment.getattr(l_1_p, 'spec_name'))
            yield ', '
        l_1_p = missing
        yield ')\n\n\ndef _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_reference('
        for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params'):
            _loop_vars = {}
            pass
            yield str(environment.getattr(l_1_p, 'name'))
            yield ', '
        l_1_p = missing
        yield '):\n'
    yield '    """'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield ' in plain torch, from the same spec ('
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield ').\n\n    16-bit floats are computed in f32 and each output is rounded to its declared type,\n    exactly as the kernel does.\n    """\n    device = '
    yield str(environment.getattr(environment.getitem(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'), 0), 'name'))
    yield '.device\n'
    l_0_used = (t_3(context.eval_ctx, t_4(context, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'statements'), attribute='torch')) + t_3(context.eval_ctx, t_4(context, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='dims'), 'join', ' ')))
    context.vars['used'] = l_0_used
    context.exported_vars.add('used')
    def t_8(fiter):
        for l_1_src in fiter:
            if (environment.getattr(l_1_src, 'dim') in t_1((undefined(name='used') if l_0_used is missing else l_0_used))):
                yield l_1_src
    for l_1_src in t_8(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'dim_sources')):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_src, 'dim'))
        yield ' = '
        yield str(environment.getattr(l_1_src, 'tensor'))
        yield '.shape['
        yield str(environment.getattr(l_1_src, 'axis'))
        yield ']'
        yield str(((' // %d' % environment.getattr(l_1_src, 'factor')) if (environment.getattr(l_1_src, 'factor') != 1) else cond_expr_undefined("the inline if-expression on line 20 in '_reference.py.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_src = missing
    if (t_6(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes')) and environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes')):
        pass
        yield '    if '
        l_1_loop = missing
        for l_1_t, l_1_loop in LoopContext(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), undefined):
            _loop_vars = {}
            pass
            yield '0 in '
            yield str(t_5(environment.getattr(l_1_t, 'dims')))
            yield str((' and ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 23 in '_reference.py.j2' evaluated to false and no else section was defined.")))
        l_1_loop = l_1_t = missing
        yield ':\n        # Every output is empty: return them, as the kernel does ('
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes'))
        yield ' of a row of\n        # no columns has no value, and torch raises on it, but no output needs one).\n        return '
        l_1_loop = missing
        for l_1_t, l_1_loop in LoopContext(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), undefined):
            _loop_vars = {}
            pass
            yield 'torch.empty('
            yield str(t_5(environment.getattr(l_1_t, 'dims')))
            yield ', dtype=torch.'
            yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'torch'))
            yield ', device=device)'
            yield str((', ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 26 in '_reference.py.j2' evaluated to false and no else section was defined.")))
        l_1_loop = l_1_t = missing
        yield '\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        if environment.getattr(environment.getattr(l_1_t, 'dtype'), 'narrow_float'):
            pass
            yield '    '
            yield str(environment.getattr(l_1_t, 'name'))
            yield ' = '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '.to(torch.float32)'
            yield str(environment.getattr(l_1_t, 'ref_index'))
            yield '\n'
        elif environment.getattr(l_1_t, 'ref_index'):
            pass
            yield '    '
            yield str(environment.getattr(l_1_t, 'name'))
            yield ' = '
            yield str(environment.getattr(l_1_t, 'name'))
            yield str(environment.getattr(l_1_t, 'ref_index'))
            yield '\n'
    l_1_t = missing
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        pass
        yield "    # Scalars as one-element tensors of their declared types, so that they promote as in the\n    # kernel (torch lets a Python number take the other operand's type); 16-bit floats are\n    # rounded to their type, then computed in f32.\n"
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_p, 'name'))
        yield ' = torch.tensor(['
        yield str(environment.getattr(l_1_p, 'name'))
        yield '], dtype=torch.'
        yield str(environment.getattr(environment.getattr(l_1_p, 'dtype'), 'torch'))
        yield ', device=device)'
        yield str(('.to(torch.float32)' if environment.getattr(environment.getattr(l_1_p, 'dtype'), 'is_16bit_float') else cond_expr_undefined("the inline if-expression on line 42 in '_reference.py.j2' evaluated to false and no else section was defined.")))
        yield '\n'
    l_1_p = missing
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
        yield str(environment.getattr(l_1_st, 'torch'))
        yield '\n'
    l_1_st = missing
    def macro(l_1_t):
        t_9 = []
        if l_1_t is missing:
            l_1_t = undefined("parameter 't' was not provided", name='t')
        pass
        t_9.extend((
            '_args.output_ref(',
            str(environment.getattr(l_1_t, 'name')),
            str((context.call(environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ref_output_suffix'), 'get'), environment.getattr(l_1_t, 'name'), '') if t_6(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ref_output_suffix')) else cond_expr_undefined("the inline if-expression on line 48 in '_reference.py.j2' evaluated to false and no else section was defined."))),
            ', ',
            str(t_5(environment.getattr(l_1_t, 'dims'))),
            ', torch.',
            str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'torch')),
            ', device',
            str(((', reduced=%s, rank=%d' % (t_5(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ref_reduced')), environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ref_rank'))) if t_6(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ref_reduced')) else cond_expr_undefined("the inline if-expression on line 48 in '_reference.py.j2' evaluated to false and no else section was defined."))),
            ')',
        ))
        return concat(t_9)
    context.exported_vars.add('output_ref')
    context.vars['output_ref'] = l_0_output_ref = Macro(environment, macro, 'output_ref', ('t',), False, False, False, context.eval_ctx.autoescape)
    if (t_2(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs')) == 1):
        pass
        yield '    return '
        yield str(context.call((undefined(name='output_ref') if l_0_output_ref is missing else l_0_output_ref), environment.getitem(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), 0)))
        yield '\n'
    else:
        pass
        yield '    return (\n'
        for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(context.call((undefined(name='output_ref') if l_0_output_ref is missing else l_0_output_ref), l_1_t, _loop_vars=_loop_vars))
            yield ',\n'
        l_1_t = missing
        yield '    )\n'

blocks = {}
debug_info = '3=57&4=71&5=74&6=80&9=89&11=99&16=105&18=107&19=110&20=118&22=127&23=131&24=139&26=142&29=153&30=156&31=159&32=165&33=168&36=174&41=177&42=181&44=190&45=194&46=198&48=203&49=223&50=226&53=231&54=235'