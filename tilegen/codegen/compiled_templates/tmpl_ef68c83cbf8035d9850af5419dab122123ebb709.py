from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_reduction_kernel_args.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_s = resolve('s')
    l_0_k = resolve('k')
    l_0_sc = missing
    try:
        t_1 = environment.filters['indent']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'indent' found.")
    try:
        t_2 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_sc = context.vars['sc'] = environment.get_template('_scalars.py.j2', '_reduction_kernel_args.py.j2')._get_default_module(context)
    context.exported_vars.discard('sc')
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
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'params'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
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
    yield '    n_rows,  # number of rows: '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'n_rows'))
    yield '\n'
    for l_1_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(l_1_d)
        yield ',\n'
    l_1_d = missing
    for l_1_t in (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs')):
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

blocks = {}
debug_info = '1=26&3=28&4=32&6=39&7=42&9=44&10=48&12=56&13=58&14=62&16=65&17=68&18=72'