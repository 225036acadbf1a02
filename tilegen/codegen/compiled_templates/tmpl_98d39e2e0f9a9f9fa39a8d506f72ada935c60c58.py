from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_loops.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_blocks = l_0_split_index = missing
    pass
    def macro(l_1_prefix, l_1_noun, l_1_target, l_1_stop, l_1_step, l_1_call, l_1_extra):
        t_1 = []
        if l_1_prefix is missing:
            l_1_prefix = undefined("parameter 'prefix' was not provided", name='prefix')
        if l_1_noun is missing:
            l_1_noun = undefined("parameter 'noun' was not provided", name='noun')
        if l_1_target is missing:
            l_1_target = undefined("parameter 'target' was not provided", name='target')
        if l_1_stop is missing:
            l_1_stop = undefined("parameter 'stop' was not provided", name='stop')
        if l_1_step is missing:
            l_1_step = undefined("parameter 'step' was not provided", name='step')
        if l_1_call is missing:
            l_1_call = undefined("parameter 'call' was not provided", name='call')
        if l_1_extra is missing:
            l_1_extra = ''
        pass
        t_1.extend((
            'if PERSISTENT:\n    ',
            str(l_1_prefix),
            '_base, ',
            str(l_1_prefix),
            '_start, ',
            str(l_1_prefix),
            '_stop, ',
            str(l_1_prefix),
            '_step = 0, pid, ',
            str(l_1_stop),
            ', ',
            str(l_1_step),
            '\nelse:\n    # One ',
            str(l_1_noun),
            " per program: a loop of one step with constant bounds, which the\n    # compiler removes. (A loop from pid to pid + 1 would reach the compiler's barrier\n    # placement still a loop, and pay a barrier at its head.)\n    ",
            str(l_1_prefix),
            '_base, ',
            str(l_1_prefix),
            '_start, ',
            str(l_1_prefix),
            '_stop, ',
            str(l_1_prefix),
            '_step = pid, 0, 1, 1\nfor ',
            str(l_1_prefix),
            '_iter in ',
            str(l_1_call),
            '(',
            str(l_1_prefix),
            '_start, ',
            str(l_1_prefix),
            '_stop, ',
            str(l_1_prefix),
            '_step',
            str(l_1_extra),
            '):\n    ',
            str(l_1_target),
            ' = ',
            str(l_1_prefix),
            '_base + ',
            str(l_1_prefix),
            '_iter\n',
        ))
        return concat(t_1)
    context.exported_vars.add('blocks')
    context.vars['blocks'] = l_0_blocks = Macro(environment, macro, 'blocks', ('prefix', 'noun', 'target', 'stop', 'step', 'call', 'extra'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_flat, l_1_steps):
        t_2 = []
        if l_1_flat is missing:
            l_1_flat = undefined("parameter 'flat' was not provided", name='flat')
        if l_1_steps is missing:
            l_1_steps = undefined("parameter 'steps' was not provided", name='steps')
        pass
        l_2_loop = missing
        for l_2_step, l_2_loop in LoopContext(l_1_steps, undefined):
            _loop_vars = {}
            pass
            if (environment.getattr(l_2_loop, 'length') == 1):
                pass
                t_2.extend((
                    str(environment.getattr(l_2_step, 'index')),
                    ' = ',
                    str(l_1_flat),
                    '\n',
                ))
            elif environment.getattr(l_2_loop, 'first'):
                pass
                t_2.extend((
                    str(environment.getattr(l_2_step, 'index')),
                    ' = ',
                    str(l_1_flat),
                    ' % ',
                    str(environment.getattr(l_2_step, 'size')),
                    '\nrest = ',
                    str(l_1_flat),
                    ' // ',
                    str(environment.getattr(l_2_step, 'size')),
                    '\n',
                ))
            elif environment.getattr(l_2_loop, 'last'):
                pass
                t_2.extend((
                    str(environment.getattr(l_2_step, 'index')),
                    ' = rest\n',
                ))
            else:
                pass
                t_2.extend((
                    str(environment.getattr(l_2_step, 'index')),
                    ' = rest % ',
                    str(environment.getattr(l_2_step, 'size')),
                    '\nrest = rest // ',
                    str(environment.getattr(l_2_step, 'size')),
                    '\n',
                ))
        l_2_loop = l_2_step = missing
        return concat(t_2)
    context.exported_vars.add('split_index')
    context.vars['split_index'] = l_0_split_index = Macro(environment, macro, 'split_index', ('flat', 'steps'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '3=12&5=31&7=43&10=45&11=53&12=65&16=75&17=83&18=86&19=89&20=94&21=97&22=103&23=108&24=111&26=117&27=121'