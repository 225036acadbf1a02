from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'gemm.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_sc = l_0_loops = l_0_s = l_0_a = l_0_b = l_0_many = l_0_batched = l_0_tile = l_0_tensors = l_0_tile_outs = l_0_other_outs = l_0_tile_n = l_0_host_descs = missing
    try:
        t_1 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
    try:
        t_2 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_2(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_3 = environment.filters['rejectattr']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'rejectattr' found.")
    try:
        t_4 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    pass
    l_0_sc = context.vars['sc'] = environment.get_template('_scalars.py.j2', 'gemm.py.j2')._get_default_module(context)
    context.exported_vars.discard('sc')
    l_0_loops = context.vars['loops'] = environment.get_template('_loops.j2', 'gemm.py.j2')._get_default_module(context)
    context.exported_vars.discard('loops')
    l_0_s = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'sig')
    context.vars['s'] = l_0_s
    context.exported_vars.add('s')
    l_0_a = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'a')
    context.vars['a'] = l_0_a
    context.exported_vars.add('a')
    l_0_b = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'b')
    context.vars['b'] = l_0_b
    context.exported_vars.add('b')
    l_0_many = (t_1(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')) > 1)
    context.vars['many'] = l_0_many
    context.exported_vars.add('many')
    l_0_batched = (t_1(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_dims')) > 0)
    context.vars['batched'] = l_0_batched
    context.exported_vars.add('batched')
    l_0_tile = ('pid_mn' if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else 'tile_id')
    context.vars['tile'] = l_0_tile
    context.exported_vars.add('tile')
    l_0_tensors = (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'))
    context.vars['tensors'] = l_0_tensors
    context.exported_vars.add('tensors')
    l_0_tile_outs = t_2(context.eval_ctx, t_4(context, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'outputs'), 'tile_store'))
    context.vars['tile_outs'] = l_0_tile_outs
    context.exported_vars.add('tile_outs')
    l_0_other_outs = t_2(context.eval_ctx, t_3(context, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'outputs'), 'tile_store'))
    context.vars['other_outs'] = l_0_other_outs
    context.exported_vars.add('other_outs')
    l_0_tile_n = ('(BLOCK_N + BLOCK_N2)' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail') else 'BLOCK_N')
    context.vars['tile_n'] = l_0_tile_n
    context.exported_vars.add('tile_n')
    l_0_host_descs = (('descriptor' in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')) and (not (undefined(name='batched') if l_0_batched is missing else l_0_batched)))
    context.vars['host_descs'] = l_0_host_descs
    context.exported_vars.add('host_descs')
    template = environment.get_template('_gemm_kernel.py.j2', 'gemm.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'b': l_0_b, 'batched': l_0_batched, 'host_descs': l_0_host_descs, 'loops': l_0_loops, 'many': l_0_many, 'other_outs': l_0_other_outs, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors, 'tile': l_0_tile, 'tile_n': l_0_tile_n, 'tile_outs': l_0_tile_outs}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    template = environment.get_template('_gemm_launcher.py.j2', 'gemm.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'b': l_0_b, 'batched': l_0_batched, 'host_descs': l_0_host_descs, 'loops': l_0_loops, 'many': l_0_many, 'other_outs': l_0_other_outs, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors, 'tile': l_0_tile, 'tile_n': l_0_tile_n, 'tile_outs': l_0_tile_outs}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    template = environment.get_template('_reference.py.j2', 'gemm.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'b': l_0_b, 'batched': l_0_batched, 'host_descs': l_0_host_descs, 'loops': l_0_loops, 'many': l_0_many, 'other_outs': l_0_other_outs, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors, 'tile': l_0_tile, 'tile_n': l_0_tile_n, 'tile_outs': l_0_tile_outs}))
    try:
        for event in gen:
            yield event
    finally: gen.close()

blocks = {}
debug_info = '1=37&2=39&5=41&6=44&7=47&8=50&9=53&10=56&11=59&12=62&13=65&16=68&17=71&18=74&19=80&20=86'