from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_reduction_team.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_t = resolve('t')
    l_0_s = resolve('s')
    l_0_m = resolve('m')
    l_0_sc = resolve('sc')
    l_0_full_stores = resolve('full_stores')
    l_0_exchanges = resolve('exchanges')
    try:
        t_1 = environment.filters['indent']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'indent' found.")
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
        t_4 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_5 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'):
        pass
        l_0_t = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team')
        context.vars['t'] = l_0_t
        context.exported_vars.add('t')
        yield '\n\n# spec: '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
        yield ':'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
        yield '\n@triton.jit(do_not_specialize=["epoch"])\ndef '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_team_kernel(\n'
        template = environment.get_template('_reduction_kernel_args.py.j2', '_reduction_team.py.j2')
        gen = template.root_render_func(template.new_context(context.get_all(), True, {'exchanges': l_0_exchanges, 'full_stores': l_0_full_stores, 't': l_0_t}))
        try:
            for event in gen:
                yield event
        finally: gen.close()
        yield '    ws_ptr,  # i64[n_rows * '
        yield str(environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'words'))
        yield " * TEAM]: the words each team's programs publish (_team_exchange)\n    epoch,  # this launch's tag on its words\n    BLOCK_N: tl.constexpr,  # columns per program: one segment of the row\n    TEAM: tl.constexpr,  # programs per row: cdiv("
        yield str(str_join((environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'), (' + WINDOW - 1' if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') else ''), )))
        yield ', BLOCK_N)\n    TEAM_P2: tl.constexpr,  # TEAM rounded up to a power of two\n    ROWS: tl.constexpr,  # rows per team: 1\n    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n'
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align_arg'), (undefined(name='k') if l_0_k is missing else l_0_k)))
        yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'past_end_arg'), (undefined(name='k') if l_0_k is missing else l_0_k)))
        if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window'):
            pass
            yield "    WINDOW: tl.constexpr,  # 1, or a 16-byte vector's elements: segments start at the boundary before the row\n"
        yield '):\n'
        if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'):
            pass
            yield '    # '
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'))
            yield '\n'
        yield '    # Rows of ['
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text'))
        yield "] too wide for one program, each shared by a team of TEAM\n    # programs: each holds one BLOCK_N-column segment in registers, so the row is read once.\n    # Each pass of the looped kernel becomes an exchange: every program reduces its segment,\n    # publishes the partial results, reads the whole team's and combines them. The programs\n    # of a team wait for each other: the launcher picks this kernel only where they can all\n    # be resident at once (tilegen.runtime.reduction.team_fits).\n"
        if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
            pass
            yield '    '
            yield str(t_1(t_5(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
            yield '\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
            pass
            yield '    '
            yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align'), (undefined(name='k') if l_0_k is missing else l_0_k))), 4))
            yield '\n'
        yield '    pid = tl.program_id(0)\n    # Program pid holds segment seg of row row_block: a team is TEAM consecutive programs.\n    row_block = pid // TEAM\n    seg = pid % TEAM\n    '
        yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_setup'), (undefined(name='k') if l_0_k is missing else l_0_k))), 4))
        yield "\n    # Columns: this program's segment; mask_n drops the lanes past the row end.\n    offs_n = seg * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]\n    if INDEX_64:\n        offs_n = offs_n.to(tl.int64)\n    mask_n = offs_n < "
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield '\n'
        l_0_full_stores = t_3(context.eval_ctx, t_4(context, environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'stores'), 'mask', 'equalto', 'mask'))
        context.vars['full_stores'] = l_0_full_stores
        context.exported_vars.add('full_stores')
        if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window'):
            pass
            yield '    '
            yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'window_columns'), (undefined(name='k') if l_0_k is missing else l_0_k), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window'), (undefined(name='full_stores') if l_0_full_stores is missing else l_0_full_stores))), 4))
            yield '\n'
        else:
            pass
            yield '    mask = mask_rows & mask_n\n'
        yield '    # Load the segment once. Lanes past the row end'
        yield str((' (and, with WINDOW, before its start)' if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') else cond_expr_undefined("the inline if-expression on line 56 in '_reduction_team.py.j2' evaluated to false and no else section was defined.")))
        yield "\n    # hold the loads' other= value; each reduction below says whether it relies on that\n    # value or masks those lanes itself.\n"
        for l_1_l in environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'loads'):
            _loop_vars = {}
            pass
            if (environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') and (environment.getattr(l_1_l, 'mask') == 'mask')):
                pass
                yield '    '
                yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'window_load'), l_1_l, _loop_vars=_loop_vars)), 4))
                yield '\n'
            else:
                pass
                yield '    '
                yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'load'), l_1_l, _loop_vars=_loop_vars)), 4))
                yield '\n'
        l_1_l = missing
        l_0_exchanges = t_2(t_3(context.eval_ctx, t_4(context, environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'passes'), 'words')))
        context.vars['exchanges'] = l_0_exchanges
        context.exported_vars.add('exchanges')
        for l_1_tp in environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'passes'):
            _loop_vars = {}
            pass
            if environment.getattr(l_1_tp, 'words'):
                pass
                yield '    # ---- Exchange '
                yield str(environment.getattr(l_1_tp, 'number'))
                yield ' of '
                yield str((undefined(name='exchanges') if l_0_exchanges is missing else l_0_exchanges))
                yield ': '
                yield str(environment.getattr(l_1_tp, 'title'))
                yield ' ----\n'
                for l_2_st in environment.getattr(l_1_tp, 'steps'):
                    _loop_vars = {}
                    pass
                    yield '    '
                    yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
                    yield '\n'
                l_2_st = missing
                for l_2_st in environment.getattr(l_1_tp, 'partials'):
                    _loop_vars = {}
                    pass
                    yield '    '
                    yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
                    yield '\n'
                l_2_st = missing
                if (environment.getattr(l_1_tp, 'words') > 1):
                    pass
                    yield '    # Publish the '
                    yield str(environment.getattr(l_1_tp, 'words'))
                    yield " partial results (word k at lane kk == k) and read the team's.\n    kk = tl.arange(0, "
                    yield str(environment.getattr(l_1_tp, 'words_p2'))
                    yield ')\n'
                else:
                    pass
                    yield "    # Publish the partial result and read the team's.\n"
                yield '    parts = _team_exchange(\n        '
                yield str(environment.getattr(l_1_tp, 'packed'))
                yield ', ws_ptr, epoch, '
                yield str(environment.getattr(l_1_tp, 'base'))
                yield ', seg, '
                yield str(environment.getattr(l_1_tp, 'words'))
                yield ', '
                yield str(environment.getattr(l_1_tp, 'words_p2'))
                yield ', TEAM, TEAM_P2\n    )\n'
                for l_2_st in environment.getattr(l_1_tp, 'results'):
                    _loop_vars = {}
                    pass
                    yield '    '
                    yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
                    yield '\n'
                l_2_st = missing
            for l_2_st in environment.getattr(l_1_tp, 'after'):
                _loop_vars = {}
                pass
                yield '    '
                yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
                yield '\n'
            l_2_st = missing
        l_1_tp = missing
        if (environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'final_steps') or environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'stores')):
            pass
            yield '    # ---- Compute and store the row-varying outputs of this segment ----\n'
        for l_1_st in environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'final_steps'):
            _loop_vars = {}
            pass
            yield '    '
            yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_1_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
            yield '\n'
        l_1_st = missing
        for l_1_st in environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'stores'):
            _loop_vars = {}
            pass
            if (environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') and (environment.getattr(l_1_st, 'mask') == 'mask')):
                pass
                yield '    '
                yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'window_store'), l_1_st, _loop_vars=_loop_vars)), 4))
                yield '\n'
            else:
                pass
                yield '    '
                yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 4))
                yield '\n'
        l_1_st = missing
        if (environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') and (undefined(name='full_stores') if l_0_full_stores is missing else l_0_full_stores)):
            pass
            yield '    '
            yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'window_edges'), (undefined(name='k') if l_0_k is missing else l_0_k), (undefined(name='t') if l_0_t is missing else l_0_t), environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))), 4))
            yield '\n'
        if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'row_stores'):
            pass
            yield '    # Per-row outputs: every program of the team holds them; the first one stores them.\n    if seg == 0:\n'
        for l_1_st in environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'row_stores'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(t_1(t_5(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 8))
            yield '\n'
        l_1_st = missing
    yield '\n\n'

blocks = {}
debug_info = '4=48&5=50&8=54&10=58&11=60&12=67&15=69&19=71&20=72&21=73&25=77&26=80&28=83&34=85&35=88&37=90&38=93&44=96&49=98&50=100&51=103&52=106&56=112&59=114&60=117&61=120&63=125&66=128&67=131&68=134&69=137&70=143&71=147&73=150&74=154&76=157&77=160&78=162&83=168&85=176&86=180&89=183&90=187&93=191&96=194&97=198&99=201&100=204&101=207&103=212&106=215&107=218&109=220&113=223&114=227'