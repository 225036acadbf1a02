from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_reduction_macros.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_loops = l_0_row_reduce = l_0_load = l_0_step = l_0_store = l_0_align = l_0_align_arg = l_0_past_end_arg = l_0_align_launch = l_0_row_setup = l_0_launch_args = l_0_final_outputs = l_0_row_blocks = l_0_window_columns = l_0_window_offs = l_0_window_load = l_0_window_store = l_0_window_edges = missing
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
        t_4 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    l_0_loops = context.vars['loops'] = environment.get_template('_loops.j2', '_reduction_macros.j2')._get_default_module(context)
    context.exported_vars.discard('loops')
    def macro(l_1_fn, l_1_arg, l_1_index):
        t_5 = []
        l_1_reduce_row = resolve('reduce_row')
        if l_1_fn is missing:
            l_1_fn = undefined("parameter 'fn' was not provided", name='fn')
        if l_1_arg is missing:
            l_1_arg = undefined("parameter 'arg' was not provided", name='arg')
        if l_1_index is missing:
            l_1_index = 'offs_n'
        pass
        t_5.append(
            str(context.call((undefined(name='reduce_row') if l_1_reduce_row is missing else l_1_reduce_row), l_1_fn, l_1_arg, l_1_index)),
        )
        return concat(t_5)
    context.exported_vars.add('row_reduce')
    context.vars['row_reduce'] = l_0_row_reduce = Macro(environment, macro, 'row_reduce', ('fn', 'arg', 'index'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_l):
        t_6 = []
        l_1_hint = resolve('hint')
        if l_1_l is missing:
            l_1_l = undefined("parameter 'l' was not provided", name='l')
        pass
        t_6.extend((
            '# ',
            str(environment.getattr(l_1_l, 'why')),
            '\n',
        ))
        if (environment.getattr(l_1_l, 'evict') == 'evict_last'):
            pass
            t_6.append(
                '# evict_last: a later pass reads this row again; ask L2 to keep it.\n',
            )
        elif (environment.getattr(l_1_l, 'evict') == 'evict_first'):
            pass
            t_6.append(
                '# evict_first: the last read of this row; L2 may drop it first.\n',
            )
        elif (environment.getattr(l_1_l, 'evict') == 'reread'):
            pass
            t_6.append(
                '# evict_last with REREAD: the row is read again after the reductions; ask L2 to keep it.\n',
            )
        if environment.getattr(l_1_l, 'offs'):
            pass
            t_6.extend((
                str(environment.getattr(l_1_l, 'name')),
                '_offs = ',
                str(environment.getattr(l_1_l, 'offs')),
                '\n',
            ))
        if (environment.getattr(l_1_l, 'evict') == 'reread'):
            pass
            l_1_hint = ', eviction_policy="evict_last" if REREAD else ""'
        else:
            pass
            l_1_hint = (str_join((', eviction_policy="', environment.getattr(l_1_l, 'evict'), '"', )) if environment.getattr(l_1_l, 'evict') else '')
        if environment.getattr(l_1_l, 'upcast'):
            pass
            t_6.extend((
                str(environment.getattr(l_1_l, 'name')),
                ' = ',
                str(environment.getitem(environment.getattr(l_1_l, 'upcast'), 0)),
                'tl.load(',
                str(environment.getattr(l_1_l, 'ptr')),
                ', mask=',
                str(environment.getattr(l_1_l, 'mask')),
                ', other=',
                str(environment.getattr(l_1_l, 'other')),
                str((undefined(name='hint') if l_1_hint is missing else l_1_hint)),
                ')',
                str(environment.getitem(environment.getattr(l_1_l, 'upcast'), 1)),
                '\n',
            ))
        else:
            pass
            t_6.extend((
                str(environment.getattr(l_1_l, 'name')),
                ' = tl.load(',
                str(environment.getattr(l_1_l, 'ptr')),
                ', mask=',
                str(environment.getattr(l_1_l, 'mask')),
                ', other=',
                str(environment.getattr(l_1_l, 'other')),
                str((undefined(name='hint') if l_1_hint is missing else l_1_hint)),
                ')\n',
            ))
        return concat(t_6)
    context.exported_vars.add('load')
    context.vars['load'] = l_0_load = Macro(environment, macro, 'load', ('l',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_st, l_1_spec_file):
        t_7 = []
        l_1_total = resolve('total')
        l_1_mean_of = resolve('mean_of')
        if l_1_st is missing:
            l_1_st = undefined("parameter 'st' was not provided", name='st')
        if l_1_spec_file is missing:
            l_1_spec_file = undefined("parameter 'spec_file' was not provided", name='spec_file')
        pass
        if environment.getattr(l_1_st, 'spec'):
            pass
            t_7.extend((
                '# spec: ',
                str(l_1_spec_file),
                ':',
                str(environment.getattr(l_1_st, 'line')),
                '\n',
            ))
        if (environment.getattr(l_1_st, 'kind') == 'loads'):
            pass
            t_7.append(
                '# Per-column inputs, the same for every row: loaded just before their first use, not\n# with the row, so they hold no registers through the reductions before it (a\n# persistent program re-reads them from L1 per row block).\n',
            )
            for l_2_l in environment.getattr(l_1_st, 'loads'):
                _loop_vars = {}
                pass
                t_7.extend((
                    str(t_4(context.call((undefined(name='load') if l_0_load is missing else l_0_load), l_2_l, _loop_vars=_loop_vars))),
                    '\n',
                ))
            l_2_l = missing
        elif (environment.getattr(l_1_st, 'kind') == 'reduce'):
            pass
            t_7.extend((
                '# ',
                str(environment.getattr(l_1_st, 'why')),
                '\n',
            ))
            if environment.getattr(l_1_st, 'masked'):
                pass
                l_1_total = context.call((undefined(name='row_reduce') if l_0_row_reduce is missing else l_0_row_reduce), environment.getattr(l_1_st, 'fn'), str_join(('tl.where(mask, ', environment.getattr(l_1_st, 'value'), ', ', environment.getattr(l_1_st, 'neutral'), ')', environment.getattr(l_1_st, 'cast'), )))
                t_7.extend((
                    str(environment.getattr(l_1_st, 'target')),
                    ' = ',
                    str(context.call((undefined(name='mean_of') if l_1_mean_of is missing else l_1_mean_of), (undefined(name='total') if l_1_total is missing else l_1_total), environment.getattr(l_1_st, 'divisor'))),
                    '\n\n',
                ))
            else:
                pass
                l_1_total = context.call((undefined(name='row_reduce') if l_0_row_reduce is missing else l_0_row_reduce), environment.getattr(l_1_st, 'fn'), str_join((environment.getattr(l_1_st, 'value'), environment.getattr(l_1_st, 'cast'), )))
                t_7.extend((
                    str(environment.getattr(l_1_st, 'target')),
                    ' = ',
                    str(context.call((undefined(name='mean_of') if l_1_mean_of is missing else l_1_mean_of), (undefined(name='total') if l_1_total is missing else l_1_total), environment.getattr(l_1_st, 'divisor'))),
                    '\n\n',
                ))
        else:
            pass
            if environment.getattr(l_1_st, 'note'):
                pass
                t_7.extend((
                    '# ',
                    str(environment.getattr(l_1_st, 'note')),
                    '\n',
                ))
            t_7.extend((
                str(environment.getattr(l_1_st, 'target')),
                ' = ',
                str(environment.getattr(l_1_st, 'value')),
                '\n',
            ))
        return concat(t_7)
    context.exported_vars.add('step')
    context.vars['step'] = l_0_step = Macro(environment, macro, 'step', ('st', 'spec_file'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_st):
        t_8 = []
        if l_1_st is missing:
            l_1_st = undefined("parameter 'st' was not provided", name='st')
        pass
        if environment.getattr(l_1_st, 'offs'):
            pass
            t_8.extend((
                str(environment.getattr(l_1_st, 'name')),
                '_offs = ',
                str(environment.getattr(l_1_st, 'offs')),
                '\n',
            ))
        if environment.getattr(l_1_st, 'only_if'):
            pass
            t_8.extend((
                '# A per-column output: every row block computes it, the first one stores it.\nif ',
                str(environment.getattr(l_1_st, 'only_if')),
                ':\n    tl.store(',
                str(environment.getattr(l_1_st, 'ptr')),
                ', ',
                str(environment.getattr(l_1_st, 'value')),
                ', mask=',
                str(environment.getattr(l_1_st, 'mask')),
                ')\n',
            ))
        elif environment.getattr(l_1_st, 'evict'):
            pass
            t_8.extend((
                '# ',
                str(environment.getattr(l_1_st, 'evict')),
                ': the rows still to be re-read should stay in L2, not the output.\ntl.store(',
                str(environment.getattr(l_1_st, 'ptr')),
                ', ',
                str(environment.getattr(l_1_st, 'value')),
                ', mask=',
                str(environment.getattr(l_1_st, 'mask')),
                ', eviction_policy="',
                str(environment.getattr(l_1_st, 'evict')),
                '")\n',
            ))
        else:
            pass
            t_8.extend((
                'tl.store(',
                str(environment.getattr(l_1_st, 'ptr')),
                ', ',
                str(environment.getattr(l_1_st, 'value')),
                ', mask=',
                str(environment.getattr(l_1_st, 'mask')),
                ')\n',
            ))
        return concat(t_8)
    context.exported_vars.add('store')
    context.vars['store'] = l_0_store = Macro(environment, macro, 'store', ('st',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_k):
        t_9 = []
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        pass
        if environment.getattr(l_1_k, 'aligned'):
            pass
            t_9.append(
                'if ALIGN > 1:\n    # The launcher found the row width and the row strides multiples of ALIGN (2, 4 or 8).\n    # Restated so, Triton can prove where rows start (it proves multiples of\n    # 16 by itself) and loads them in vectors of up to 16 bytes rather than element by element.\n',
            )
            for (l_2_var, l_2__) in environment.getattr(l_1_k, 'aligned'):
                _loop_vars = {}
                pass
                t_9.extend((
                    '    ',
                    str(l_2_var),
                    ' = ',
                    str(l_2_var),
                    ' // ALIGN * ALIGN\n',
                ))
            l_2_var = l_2__ = missing
        return concat(t_9)
    context.exported_vars.add('align')
    context.vars['align'] = l_0_align = Macro(environment, macro, 'align', ('k',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_k):
        t_10 = []
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        pass
        if environment.getattr(l_1_k, 'aligned'):
            pass
            t_10.append(
                '    ALIGN: tl.constexpr,  # the row width and row strides are multiples of ALIGN (1: of 16, or unknown)\n',
            )
        return concat(t_10)
    context.exported_vars.add('align_arg')
    context.vars['align_arg'] = l_0_align_arg = Macro(environment, macro, 'align_arg', ('k',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_k):
        t_11 = []
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        pass
        if environment.getattr(l_1_k, 'past_end'):
            pass
            t_11.append(
                '    PAST_END: tl.constexpr,  # some block holds lanes past the row end: quotients take 1.0 as their dividend there\n',
            )
        return concat(t_11)
    context.exported_vars.add('past_end_arg')
    context.vars['past_end_arg'] = l_0_past_end_arg = Macro(environment, macro, 'past_end_arg', ('k',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_k):
        t_12 = []
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        pass
        if environment.getattr(l_1_k, 'aligned'):
            pass
            t_12.extend((
                '# The largest power of two up to 8 dividing the row width and the row strides, 1 for multiples of 16 (tilegen.runtime.reduction.row_align).\nALIGN=_reduction.row_align(',
                str(t_2(context.eval_ctx, t_3(context, environment.getattr(l_1_k, 'aligned'), 'last'), ', ')),
                '),\n',
            ))
        return concat(t_12)
    context.exported_vars.add('align_launch')
    context.vars['align_launch'] = l_0_align_launch = Macro(environment, macro, 'align_launch', ('k',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_k):
        t_13 = []
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        pass
        t_13.append(
            'if INDEX_64:\n    # Widen before multiplying: row_block * ROWS (and, in a team kernel, the workspace index\n    # (row_block * W + w0) * TEAM, may pass 2**31.\n    row_block = row_block.to(tl.int64)\nrows = row_block * ROWS + tl.arange(0, ROWS)[:, None]\n# mask_rows: the last row block runs past n_rows.\nmask_rows = rows < n_rows\n',
        )
        if environment.getattr(l_1_k, 'row_split'):
            pass
            t_13.extend((
                '# Split the row index over the row dims [',
                str(environment.getattr(l_1_k, 'row_dims_text')),
                '], innermost first.\n',
                str(t_4(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'rows', environment.getattr(l_1_k, 'row_split')))),
                '\n',
            ))
        if environment.getattr(l_1_k, 'row_offs'):
            pass
            t_13.append(
                "# Where each row starts in each tensor: row indices times that tensor's row strides.\n",
            )
        for l_2_r in environment.getattr(l_1_k, 'row_offs'):
            _loop_vars = {}
            pass
            t_13.extend((
                str(environment.getattr(l_2_r, 'name')),
                ' = ',
                str(environment.getattr(l_2_r, 'expr')),
                '\n',
            ))
        l_2_r = missing
        if environment.getattr(l_1_k, 'row_loads'):
            pass
            t_13.append(
                '# Per-row inputs, one value per row: [ROWS, 1].\n',
            )
        for l_2_l in environment.getattr(l_1_k, 'row_loads'):
            _loop_vars = {}
            pass
            t_13.extend((
                str(t_4(context.call((undefined(name='load') if l_0_load is missing else l_0_load), l_2_l, _loop_vars=_loop_vars))),
                '\n',
            ))
        l_2_l = missing
        if environment.getattr(l_1_k, 'prologue'):
            pass
            t_13.append(
                '# Per-row values that need no reduction.\n',
            )
        for l_2_st in environment.getattr(l_1_k, 'prologue'):
            _loop_vars = {}
            pass
            t_13.extend((
                str(t_4(context.call((undefined(name='step') if l_0_step is missing else l_0_step), l_2_st, environment.getattr(environment.getattr(l_1_k, 'sig'), 'spec_file'), _loop_vars=_loop_vars))),
                '\n',
            ))
        l_2_st = missing
        return concat(t_13)
    context.exported_vars.add('row_setup')
    context.vars['row_setup'] = l_0_row_setup = Macro(environment, macro, 'row_setup', ('k',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_s, l_1_k, l_1_tensors):
        t_14 = []
        if l_1_s is missing:
            l_1_s = undefined("parameter 's' was not provided", name='s')
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        if l_1_tensors is missing:
            l_1_tensors = undefined("parameter 'tensors' was not provided", name='tensors')
        pass
        for l_2_t in environment.getattr(l_1_s, 'inputs'):
            _loop_vars = {}
            pass
            t_14.extend((
                str(environment.getattr(l_2_t, 'name')),
                ',\n',
            ))
        l_2_t = missing
        for l_2_p in environment.getattr(l_1_s, 'scalars'):
            _loop_vars = {}
            pass
            t_14.extend((
                str(environment.getattr(l_2_p, 'name')),
                ',\n',
            ))
        l_2_p = missing
        for l_2_t in environment.getattr(l_1_s, 'outputs'):
            _loop_vars = {}
            pass
            t_14.extend((
                str(environment.getattr(l_2_t, 'name')),
                ',\n',
            ))
        l_2_t = missing
        t_14.append(
            'n_rows,\n',
        )
        for l_2_d in environment.getattr(l_1_k, 'size_args'):
            _loop_vars = {}
            pass
            t_14.extend((
                str(l_2_d),
                ',\n',
            ))
        l_2_d = missing
        for l_2_t in l_1_tensors:
            _loop_vars = {}
            pass
            for (l_3_axis, l_3_stride) in environment.getattr(l_2_t, 'strides'):
                _loop_vars = {}
                pass
                t_14.extend((
                    str(environment.getattr(l_2_t, 'name')),
                    '.stride(',
                    str(l_3_axis),
                    '),\n',
                ))
            l_3_axis = l_3_stride = missing
        l_2_t = missing
        return concat(t_14)
    context.exported_vars.add('launch_args')
    context.vars['launch_args'] = l_0_launch_args = Macro(environment, macro, 'launch_args', ('s', 'k', 'tensors'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_k, l_1_spec_file):
        t_15 = []
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        if l_1_spec_file is missing:
            l_1_spec_file = undefined("parameter 'spec_file' was not provided", name='spec_file')
        pass
        for l_2_l in environment.getattr(l_1_k, 'final_loads'):
            _loop_vars = {}
            pass
            t_15.extend((
                str(t_4(context.call((undefined(name='load') if l_0_load is missing else l_0_load), l_2_l, _loop_vars=_loop_vars))),
                '\n',
            ))
        l_2_l = missing
        for l_2_st in environment.getattr(l_1_k, 'final_steps'):
            _loop_vars = {}
            pass
            t_15.extend((
                str(t_4(context.call((undefined(name='step') if l_0_step is missing else l_0_step), l_2_st, l_1_spec_file, _loop_vars=_loop_vars))),
                '\n',
            ))
        l_2_st = missing
        for l_2_st in environment.getattr(l_1_k, 'final_stores'):
            _loop_vars = {}
            pass
            t_15.extend((
                str(t_4(context.call((undefined(name='store') if l_0_store is missing else l_0_store), l_2_st, _loop_vars=_loop_vars))),
                '\n',
            ))
        l_2_st = missing
        return concat(t_15)
    context.exported_vars.add('final_outputs')
    context.vars['final_outputs'] = l_0_final_outputs = Macro(environment, macro, 'final_outputs', ('k', 'spec_file'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_call, l_1_extra):
        t_16 = []
        if l_1_call is missing:
            l_1_call = undefined("parameter 'call' was not provided", name='call')
        if l_1_extra is missing:
            l_1_extra = ''
        pass
        t_16.extend((
            '# Row blocks: program pid takes row block pid; on a persistent grid (fewer programs than\n# row blocks) also pid + num_programs, pid + 2 * num_programs, ...\n',
            str(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'blocks'), 'row', 'row block', 'row_block', 'num_row_blocks', 'num_programs', l_1_call, l_1_extra)),
            '\n',
        ))
        return concat(t_16)
    context.exported_vars.add('row_blocks')
    context.vars['row_blocks'] = l_0_row_blocks = Macro(environment, macro, 'row_blocks', ('call', 'extra'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_k, l_1_w, l_1_stores):
        t_17 = []
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        if l_1_w is missing:
            l_1_w = undefined("parameter 'w' was not provided", name='w')
        if l_1_stores is missing:
            l_1_stores = undefined("parameter 'stores' was not provided", name='stores')
        pass
        t_17.extend((
            "if WINDOW > 1:\n    # The rows do not start on 16-byte boundaries (a row width or row stride that is not a\n    # multiple of WINDOW): the row's segments start instead from the boundary at or before\n    # its start, `shift` elements earlier, so that they move whole 16-byte vectors of\n    # WINDOW elements (the launcher found that distance the same in every row-sized\n    # tensor). offs_w: each lane's place from that boundary; offs_n: its column.\n    shift = ",
            str(environment.getattr(l_1_w, 'ref')),
            " % WINDOW\n    offs_w = offs_n\n    offs_n = offs_w - shift\n    # mask_n: the row's own lanes, none before its start and none past its end.\n    mask_n = (offs_n >= 0) & (offs_n < ",
            str(environment.getattr(l_1_k, 'ncols')),
            ')\n',
        ))
        if l_1_stores:
            pass
            t_17.extend((
                "    # The granules [lo, hi) lie inside the row. The one before lo and the one at hi hold the\n    # row's first and last elements beside those of the rows around it.\n    lo = (shift + WINDOW - 1) // WINDOW * WINDOW\n    hi = (shift + ",
                str(environment.getattr(l_1_k, 'ncols')),
                ') // WINDOW * WINDOW\n',
            ))
        t_17.extend((
            '# mask: real rows and real columns; the reductions',
            str((' and the stores of the edges' if l_1_stores else cond_expr_undefined("the inline if-expression on line 190 in '_reduction_macros.j2' evaluated to false and no else section was defined."))),
            ' use it.\nmask = mask_rows & mask_n\n',
            str(('load_mask, store_mask = mask, mask' if l_1_stores else 'load_mask = mask')),
            "\nif WINDOW > 1:\n    # load_mask: every granule of WINDOW elements holding some of the row, read whole: the\n    # launcher found each tensor's data aligned to the granule's bytes, and such a granule\n    # never straddles a page, so the bytes beside the row cannot fault. The lanes outside\n    # the row then take the loads' other= values.\n    load_mask = mask_rows & (offs_w < (shift + ",
            str(environment.getattr(l_1_k, 'ncols')),
            ' + WINDOW - 1) // WINDOW * WINDOW)\n',
        ))
        if l_1_stores:
            pass
            t_17.append(
                '    # store_mask: the granules inside the row, stored whole; the edges are stored below.\n    store_mask = mask_rows & (offs_w >= lo) & (offs_w < hi)\n',
            )
        return concat(t_17)
    context.exported_vars.add('window_columns')
    context.vars['window_columns'] = l_0_window_columns = Macro(environment, macro, 'window_columns', ('k', 'w', 'stores'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_name, l_1_offs):
        t_18 = []
        if l_1_name is missing:
            l_1_name = undefined("parameter 'name' was not provided", name='name')
        if l_1_offs is missing:
            l_1_offs = undefined("parameter 'offs' was not provided", name='offs')
        pass
        t_18.extend((
            'if WINDOW > 1:\n    # ',
            str(l_1_name),
            "'s row start moved back `shift` elements to the boundary: a multiple of WINDOW\n    # (so restated, for Triton to prove it), whatever the row.\n    ",
            str(l_1_name),
            '_offs = (',
            str(l_1_name),
            '_row_offs - shift) // WINDOW * WINDOW + offs_w\nelse:\n    ',
            str(l_1_name),
            '_offs = ',
            str(l_1_offs),
            '\n',
        ))
        return concat(t_18)
    context.exported_vars.add('window_offs')
    context.vars['window_offs'] = l_0_window_offs = Macro(environment, macro, 'window_offs', ('name', 'offs'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_l):
        t_19 = []
        l_1_ld = missing
        if l_1_l is missing:
            l_1_l = undefined("parameter 'l' was not provided", name='l')
        pass
        t_19.extend((
            '# ',
            str(environment.getattr(l_1_l, 'why')),
            '\n',
            str(t_4(context.call((undefined(name='window_offs') if l_0_window_offs is missing else l_0_window_offs), environment.getattr(l_1_l, 'name'), environment.getattr(l_1_l, 'offs')))),
            '\n',
        ))
        l_1_ld = str_join(('tl.load(', environment.getattr(l_1_l, 'ptr'), ', mask=load_mask, other=', environment.getattr(l_1_l, 'other'), ')', ))
        t_19.extend((
            str(environment.getattr(l_1_l, 'name')),
            ' = ',
            str((str_join((environment.getitem(environment.getattr(l_1_l, 'upcast'), 0), (undefined(name='ld') if l_1_ld is missing else l_1_ld), environment.getitem(environment.getattr(l_1_l, 'upcast'), 1), )) if environment.getattr(l_1_l, 'upcast') else (undefined(name='ld') if l_1_ld is missing else l_1_ld))),
            '\nif WINDOW > 1:\n    ',
            str(environment.getattr(l_1_l, 'name')),
            ' = tl.where(mask, ',
            str(environment.getattr(l_1_l, 'name')),
            ', ',
            str(environment.getattr(l_1_l, 'other')),
            ')\n',
        ))
        return concat(t_19)
    context.exported_vars.add('window_load')
    context.vars['window_load'] = l_0_window_load = Macro(environment, macro, 'window_load', ('l',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_st):
        t_20 = []
        if l_1_st is missing:
            l_1_st = undefined("parameter 'st' was not provided", name='st')
        pass
        t_20.extend((
            str(t_4(context.call((undefined(name='window_offs') if l_0_window_offs is missing else l_0_window_offs), environment.getattr(l_1_st, 'name'), environment.getattr(l_1_st, 'offs')))),
            '\ntl.store(',
            str(environment.getattr(l_1_st, 'ptr')),
            ', ',
            str(environment.getattr(l_1_st, 'value')),
            ', mask=store_mask)\n',
        ))
        return concat(t_20)
    context.exported_vars.add('window_store')
    context.vars['window_store'] = l_0_window_store = Macro(environment, macro, 'window_store', ('st',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_k, l_1_t, l_1_spec_file):
        t_21 = []
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        if l_1_t is missing:
            l_1_t = undefined("parameter 't' was not provided", name='t')
        if l_1_spec_file is missing:
            l_1_spec_file = undefined("parameter 'spec_file' was not provided", name='spec_file')
        pass
        t_21.extend((
            "if WINDOW > 1:\n    # ---- The row's first and last elements, in granules shared with the rows around it ----\n    # The stores above wrote whole granules inside the row. The elements before lo and from\n    # hi on (fewer than WINDOW at each end) are loaded again by the program whose segment\n    # holds them, recomputed, and stored one by one. Lanes 0 .. WINDOW - 1: the granule at 0;\n    # the others: the one from max(hi, lo) (after the first, where the row fits in one).\n    lane = tl.arange(0, 2 * WINDOW)[None, :]\n    offs_w = tl.where(lane < WINDOW, lane, tl.maximum(hi, lo) + lane - WINDOW)\n    offs_n = offs_w - shift\n    # mask_n: the row's lanes outside [lo, hi) that lie in this program's segment.\n    mask_n = (offs_n >= 0) & (offs_n < ",
            str(environment.getattr(l_1_k, 'ncols')),
            ') & ((offs_w < lo) | (offs_w >= hi)) & (offs_w // BLOCK_N == seg)\n    mask = mask_rows & mask_n\n',
        ))
        for l_2_l in environment.getattr(l_1_t, 'edge_loads'):
            _loop_vars = {}
            pass
            t_21.extend((
                '    ',
                str(t_1(t_4(context.call((undefined(name='load') if l_0_load is missing else l_0_load), l_2_l, _loop_vars=_loop_vars)), 4)),
                '\n',
            ))
        l_2_l = missing
        for l_2_st in environment.getattr(l_1_t, 'final_steps'):
            _loop_vars = {}
            pass
            t_21.extend((
                '    ',
                str(t_1(t_4(context.call((undefined(name='step') if l_0_step is missing else l_0_step), l_2_st, l_1_spec_file, _loop_vars=_loop_vars)), 4)),
                '\n',
            ))
        l_2_st = missing
        for l_2_st in environment.getattr(l_1_t, 'stores'):
            _loop_vars = {}
            pass
            t_21.extend((
                '    ',
                str(t_1(t_4(context.call((undefined(name='store') if l_0_store is missing else l_0_store), l_2_st, _loop_vars=_loop_vars)), 4)),
                '\n',
            ))
        l_2_st = missing
        return concat(t_21)
    context.exported_vars.add('window_edges')
    context.vars['window_edges'] = l_0_window_edges = Macro(environment, macro, 'window_edges', ('k', 't', 'spec_file'), False, False, False, context.eval_ctx.autoescape)

blocks = {}
debug_info = '1=36&2=38&5=49&8=54&9=62&10=65&12=70&14=75&17=80&18=83&20=88&21=90&23=93&25=94&26=97&28=114&31=127&32=136&33=140&35=145&39=150&40=154&42=158&43=162&44=165&45=167&46=169&49=176&50=178&54=185&55=189&57=193&60=201&61=206&62=209&64=214&66=218&67=220&68=227&69=231&70=233&72=246&75=256&76=261&81=266&82=271&86=280&87=285&91=293&92=298&96=306&97=311&99=315&102=321&110=329&111=333&112=335&114=338&117=343&118=347&120=353&123=358&124=362&126=366&129=371&130=375&133=382&134=391&135=395&137=399&138=403&140=407&141=411&144=418&145=422&147=426&148=429&149=433&153=443&156=450&157=454&159=458&160=462&162=466&163=470&166=477&169=486&171=492&179=503&183=505&184=508&188=512&190=517&192=519&198=521&199=524&204=532&206=541&208=543&210=547&212=555&213=563&214=565&215=568&216=570&218=574&220=584&221=590&222=592&224=600&235=611&237=614&238=619&240=623&241=628&243=632&244=637'