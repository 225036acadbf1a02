from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'reduction.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_sc = l_0_m = l_0_s = l_0_tensors = missing
    pass
    l_0_sc = context.vars['sc'] = environment.get_template('_scalars.py.j2', 'reduction.py.j2')._get_default_module(context)
    context.exported_vars.discard('sc')
    l_0_m = context.vars['m'] = environment.get_template('_reduction_macros.j2', 'reduction.py.j2')._get_default_module(context)
    context.exported_vars.discard('m')
    l_0_s = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'sig')
    context.vars['s'] = l_0_s
    context.exported_vars.add('s')
    l_0_tensors = (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'))
    context.vars['tensors'] = l_0_tensors
    context.exported_vars.add('tensors')
    template = environment.get_template('_reduction_single.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'m': l_0_m, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    template = environment.get_template('_reduction_looped.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'m': l_0_m, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    template = environment.get_template('_reduction_team.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'m': l_0_m, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    template = environment.get_template('_reduction_launcher.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'m': l_0_m, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    template = environment.get_template('_reference.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'m': l_0_m, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors}))
    try:
        for event in gen:
            yield event
    finally: gen.close()

blocks = {}
debug_info = '1=13&2=15&3=17&4=20&5=23&6=29&7=35&8=41&9=47'