from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_scalars.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_params = l_0_typed = missing
    pass
    def macro(l_1_s):
        t_1 = []
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        pass
        for l_2_p in environment.getattr(l_1_s, 'scalars'):
            _loop_vars = {}
            pass
            t_1.extend((
                str(environment.getattr(l_2_p, 'name')),
                str((': tl.float64' if (environment.getattr(environment.getattr(l_2_p, 'dtype'), 'name') == 'f64') else cond_expr_undefined("the inline if-expression on line 5 in '_scalars.py.j2' evaluated to false and no else section was defined."))),
                ',  # ',
                str(environment.getattr(environment.getattr(l_2_p, 'dtype'), 'name')),
                str((' (passed as f64: Triton passes Python floats as f32 unless told)' if (environment.getattr(environment.getattr(l_2_p, 'dtype'), 'name') == 'f64') else cond_expr_undefined("the inline if-expression on line 5 in '_scalars.py.j2' evaluated to false and no else section was defined."))),
                '\n',
            ))
        l_2_p = missing
        return concat(t_1)
    context.exported_vars.add('params')
    context.vars['params'] = l_0_params = Macro(environment, macro, 'params', ('s',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s):
        t_2 = []
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        pass
        for l_2_p in environment.getattr(l_1_s, 'retyped_scalars'):
            _loop_vars = {}
            pass
            t_2.extend((
                '# ',
                str(environment.getattr(l_2_p, 'name')),
                ' is ',
                str(environment.getattr(environment.getattr(l_2_p, 'dtype'), 'name')),
                ': Triton passes a Python ',
                str(environment.getattr(l_2_p, 'py_kind')),
                ' as ',
                str(('i32 or i64' if (environment.getattr(l_2_p, 'py_kind') == 'int') else 'f32')),
                ', so give it\n# its declared type, for arithmetic in the types the spec says.\n',
                str(environment.getattr(l_2_p, 'name')),
                ' = tl.full((), ',
                str(environment.getattr(l_2_p, 'name')),
                ', tl.',
                str(environment.getattr(environment.getattr(l_2_p, 'dtype'), 'triton')),
                ')\n',
            ))
        l_2_p = missing
        return concat(t_2)
    context.exported_vars.add('typed')
    context.vars['typed'] = l_0_typed = Macro(environment, macro, 'typed', ('s',), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '3=12&4=17&5=21&8=32&9=37&10=42&12=50'