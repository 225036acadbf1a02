from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_strided_offsets.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_s = resolve('s')
    l_0_k = resolve('k')
    l_0_tensors = resolve('tensors')
    l_0_loops = missing
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
    yield '    # Split the flat index into one index per dimension of ['
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text'))
    yield '], innermost first.\n'
    l_0_loops = context.vars['loops'] = environment.get_template('_loops.j2', '_strided_offsets.py.j2')._get_default_module(context)
    context.exported_vars.discard('loops')
    yield '    '
    yield str(t_1(t_2(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'offs', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'index_steps'))), 4))
    yield "\n    # Memory offsets: each tensor's indices times its strides. A dimension a tensor\n    # does not have is broadcast: it contributes nothing (stride 0).\n"
    l_1_loop = missing
    for l_1_t, l_1_loop in LoopContext((undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), undefined):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_t, 'name'))
        yield '_offs = '
        l_2_loop = missing
        for (l_2_axis, l_2_stride), l_2_loop in LoopContext(environment.getattr(l_1_t, 'strides'), undefined):
            _loop_vars = {}
            pass
            yield str(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'index_names'), environment.getitem(environment.getattr(l_1_t, 'axes'), l_2_axis)))
            yield ' * '
            yield str(l_2_stride)
            yield str((' + ' if (not environment.getattr(l_2_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 7 in '_strided_offsets.py.j2' evaluated to false and no else section was defined.")))
        l_2_loop = l_2_axis = l_2_stride = missing
        yield '\n'
    l_1_loop = l_1_t = missing

blocks = {}
debug_info = '1=28&2=30&3=33&6=36&7=40'