from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'axis_reduction.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_sc = l_0_loops = l_0_s = l_0_tensors = l_0_r_axis = l_0_k_axis = l_0_tile = l_0_loads = l_0_strided_loads = l_0_tile_values = l_0_tile_at = l_0_reduce_pass = l_0_load_kept = l_0_finish_pass = l_0_run_pass = l_0_combine = l_0_combine_moments = l_0_kept_block = l_0_epilogue = l_0_kernel_args = l_0_launch_args = l_0_launches = missing
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
        t_3 = environment.filters['length']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'length' found.")
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
        t_6 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    try:
        t_7 = environment.tests['sameas']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No test named 'sameas' found.")
    pass
    l_0_sc = context.vars['sc'] = environment.get_template('_scalars.py.j2', 'axis_reduction.py.j2')._get_default_module(context)
    context.exported_vars.discard('sc')
    l_0_loops = context.vars['loops'] = environment.get_template('_loops.j2', 'axis_reduction.py.j2')._get_default_module(context)
    context.exported_vars.discard('loops')
    l_0_s = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'sig')
    context.vars['s'] = l_0_s
    context.exported_vars.add('s')
    l_0_tensors = (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'))
    context.vars['tensors'] = l_0_tensors
    context.exported_vars.add('tensors')
    l_0_r_axis = ('[:, None]' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else '[None, :]')
    context.vars['r_axis'] = l_0_r_axis
    context.exported_vars.add('r_axis')
    l_0_k_axis = ('[None, :]' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else '[:, None]')
    context.vars['k_axis'] = l_0_k_axis
    context.exported_vars.add('k_axis')
    l_0_tile = ('[BLOCK_R, BLOCK_K]' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else '[BLOCK_K, BLOCK_R]')
    context.vars['tile'] = l_0_tile
    context.exported_vars.add('tile')
    def macro(l_1_list, l_1_mask, l_1_offs, l_1_hint):
        t_8 = []
        if l_1_list is missing:
            l_1_list = undefined("parameter 'list' was not provided", name='list')
        if l_1_mask is missing:
            l_1_mask = undefined("parameter 'mask' was not provided", name='mask')
        if l_1_offs is missing:
            l_1_offs = ''
        if l_1_hint is missing:
            l_1_hint = ''
        pass
        for l_2_load in l_1_list:
            l_2_h = missing
            _loop_vars = {}
            pass
            l_2_h = (l_1_hint if environment.getattr(l_2_load, 'streamed') else '')
            _loop_vars['h'] = l_2_h
            if environment.getattr(l_2_load, 'upcast'):
                pass
                t_8.extend((
                    str(environment.getattr(environment.getattr(l_2_load, 'tensor'), 'name')),
                    ' = ',
                    str(environment.getitem(environment.getattr(l_2_load, 'upcast'), 0)),
                    'tl.load(',
                    str(environment.getattr(environment.getattr(l_2_load, 'tensor'), 'name')),
                    '_ptr + ',
                    str((l_1_offs or environment.getattr(l_2_load, 'offs'))),
                    ', mask=',
                    str(l_1_mask),
                    ', other=',
                    str(environment.getattr(l_2_load, 'other')),
                    str((undefined(name='h') if l_2_h is missing else l_2_h)),
                    ')',
                    str(environment.getitem(environment.getattr(l_2_load, 'upcast'), 1)),
                    '\n',
                ))
            else:
                pass
                t_8.extend((
                    str(environment.getattr(environment.getattr(l_2_load, 'tensor'), 'name')),
                    ' = tl.load(',
                    str(environment.getattr(environment.getattr(l_2_load, 'tensor'), 'name')),
                    '_ptr + ',
                    str((l_1_offs or environment.getattr(l_2_load, 'offs'))),
                    ', mask=',
                    str(l_1_mask),
                    ', other=',
                    str(environment.getattr(l_2_load, 'other')),
                    str((undefined(name='h') if l_2_h is missing else l_2_h)),
                    ')\n',
                ))
        l_2_load = l_2_h = missing
        return concat(t_8)
    context.exported_vars.add('loads')
    context.vars['loads'] = l_0_loads = Macro(environment, macro, 'loads', ('list', 'mask', 'offs', 'hint'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_p, l_1_hint):
        t_9 = []
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        if l_1_hint is missing:
            l_1_hint = undefined("parameter 'hint' was not provided", name='hint')
        pass
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_steps'):
            pass
            t_9.extend((
                '# Split the reduced index into one index per reduced dimension of [',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_text')),
                '], innermost first.\n',
                str(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'offs_r', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_steps'))),
            ))
        t_9.extend((
            "# Memory offsets: each tensor's indices times its strides (reduced indices along the\n# tile's ",
            str(('rows' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'columns')),
            ', kept ones along its ',
            str(('columns' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'rows')),
            '); a dimension a tensor does not have adds nothing.\n',
            str(context.call((undefined(name='loads') if l_0_loads is missing else l_0_loads), environment.getattr(l_1_p, 'loads'), 'mask', hint=l_1_hint)),
            '\n',
        ))
        return concat(t_9)
    context.exported_vars.add('strided_loads')
    context.vars['strided_loads'] = l_0_strided_loads = Macro(environment, macro, 'strided_loads', ('p', 'hint'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_p):
        t_10 = []
        l_1_hint = missing
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        pass
        l_1_hint = (', eviction_policy="evict_first" if EVICT_FIRST else ""' if (t_7(l_1_p, environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes'), -1)) and environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'last_reads')) else '')
        if (undefined(name='hint') if l_1_hint is missing else l_1_hint):
            pass
            t_10.extend((
                "# EVICT_FIRST (the launcher's choice): no later pass reads ",
                str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'last_reads'), ', ')),
                ' again,\n# so the caches may drop ',
                str(('its' if (t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'last_reads')) == 1) else 'their')),
                ' lines first.\n',
            ))
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'flat'):
            pass
            t_10.extend((
                'if FLAT:\n    # Every tensor read here is contiguous and has every dimension, the reduced ones\n    # ',
                str(('before' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'after')),
                " the kept ones: an element's offset is its flat index,\n    # ",
                str(('reduced index * n_kept + kept index' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'kept index * n_reduced + reduced index')),
                '.\n    flat_offs = ',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'flat')),
                '\n    ',
                str(t_1(t_6(context.call((undefined(name='loads') if l_0_loads is missing else l_0_loads), environment.getattr(l_1_p, 'loads'), 'mask', 'flat_offs', (undefined(name='hint') if l_1_hint is missing else l_1_hint))), 4)),
                '\nelse:\n    ',
                str(t_1(t_6(context.call((undefined(name='strided_loads') if l_0_strided_loads is missing else l_0_strided_loads), l_1_p, (undefined(name='hint') if l_1_hint is missing else l_1_hint))), 4)),
                '\n',
            ))
        else:
            pass
            t_10.extend((
                str(t_6(context.call((undefined(name='strided_loads') if l_0_strided_loads is missing else l_0_strided_loads), l_1_p, (undefined(name='hint') if l_1_hint is missing else l_1_hint)))),
                '\n',
            ))
        for l_2_st in environment.getattr(l_1_p, 'statements'):
            _loop_vars = {}
            pass
            t_10.extend((
                '# spec: ',
                str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file')),
                ':',
                str(environment.getattr(l_2_st, 'line')),
                '\n',
                str(environment.getattr(l_2_st, 'target')),
                ' = ',
                str(environment.getattr(l_2_st, 'triton')),
                '\n',
            ))
        l_2_st = missing
        return concat(t_10)
    context.exported_vars.add('tile_values')
    context.vars['tile_values'] = l_0_tile_values = Macro(environment, macro, 'tile_values', ('p',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_p):
        t_11 = []
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        pass
        t_11.extend((
            'offs_r = r_block + tl.arange(0, BLOCK_R)\nif INDEX_64:\n    offs_r = offs_r.to(tl.int64)\n# mask: inside this slice of the reduced elements, and inside the kept ones.\nmask = (offs_r < r_stop)',
            str((undefined(name='r_axis') if l_0_r_axis is missing else l_0_r_axis)),
            ' & mask_k',
            str((undefined(name='k_axis') if l_0_k_axis is missing else l_0_k_axis)),
            '\n',
            str(t_6(context.call((undefined(name='tile_values') if l_0_tile_values is missing else l_0_tile_values), l_1_p))),
            '\n',
        ))
        return concat(t_11)
    context.exported_vars.add('tile_at')
    context.vars['tile_at'] = l_0_tile_at = Macro(environment, macro, 'tile_at', ('p',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_p, l_1_index, l_1_count):
        t_12 = []
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        if l_1_index is missing:
            l_1_index = undefined("parameter 'index' was not provided", name='index')
        if l_1_count is missing:
            l_1_count = undefined("parameter 'count' was not provided", name='count')
        pass
        if (l_1_count > 1):
            pass
            t_12.extend((
                '# Pass ',
                str((l_1_index + 1)),
                ' of ',
                str(l_1_count),
                ' over the reduced elements',
                str((': its reductions read the results of the passes before' if l_1_index else cond_expr_undefined("the inline if-expression on line 61 in 'axis_reduction.py.j2' evaluated to false and no else section was defined."))),
                '.\n',
            ))
        t_12.extend((
            '# One accumulator per reduction, a ',
            str((undefined(name='tile') if l_0_tile is missing else l_0_tile)),
            " tile: each lane folds in every tile step's element.\n",
        ))
        for l_2_r in environment.getattr(l_1_p, 'results'):
            _loop_vars = {}
            pass
            t_12.extend((
                'acc_',
                str(environment.getattr(l_2_r, 'name')),
                ' = tl.full(',
                str((undefined(name='tile') if l_0_tile is missing else l_0_tile)),
                ', ',
                str(environment.getattr(l_2_r, 'neutral')),
                ', tl.',
                str(environment.getattr(l_2_r, 'dtype')),
                ')\n',
            ))
        l_2_r = missing
        for l_2_w in environment.getattr(l_1_p, 'moments'):
            _loop_vars = {}
            pass
            t_12.extend((
                '# Welford (',
                str(environment.getattr(l_2_w, 'what')),
                ', one read but where a mean comes out\n# inf or NaN): per lane, acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ' is the running mean of the values it has\n# seen, acc_',
                str(environment.getattr(l_2_w, 'var')),
                ' their M2 (the sum of their squared distances from it).\nacc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ' = tl.zeros(',
                str((undefined(name='tile') if l_0_tile is missing else l_0_tile)),
                ', tl.',
                str(environment.getattr(l_2_w, 'dtype')),
                ')\nacc_',
                str(environment.getattr(l_2_w, 'var')),
                ' = tl.zeros(',
                str((undefined(name='tile') if l_0_tile is missing else l_0_tile)),
                ', tl.',
                str(environment.getattr(l_2_w, 'dtype')),
                ')\n',
            ))
        l_2_w = missing
        if environment.getattr(l_1_p, 'moments'):
            pass
            t_12.append(
                "# Welford's step is heavier than a sum's: the loop pipelines its loads, three tiles in flight.\nfor r_block in tl.range(r_start, r_stop, BLOCK_R, num_stages=3):\n",
            )
        else:
            pass
            t_12.append(
                'for r_block in range(r_start, r_stop, BLOCK_R):\n',
            )
        t_12.extend((
            '    ',
            str(t_1(t_6(context.call((undefined(name='tile_at') if l_0_tile_at is missing else l_0_tile_at), l_1_p)), 4)),
            '\n',
        ))
        if environment.getattr(l_1_p, 'results'):
            pass
            t_12.append(
                '    # Fold the tile into the accumulators; masked-off lanes add the neutral element.\n',
            )
        for l_2_r in environment.getattr(l_1_p, 'results'):
            _loop_vars = {}
            pass
            t_12.extend((
                '    ',
                str(environment.getattr(l_2_r, 'step')),
                '\n',
            ))
        l_2_r = missing
        for l_2_w in environment.getattr(l_1_p, 'moments'):
            _loop_vars = {}
            pass
            t_12.extend((
                '    # spec: ',
                str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file')),
                ':',
                str(environment.getattr(l_2_w, 'line_mean')),
            ))
            if (environment.getattr(l_2_w, 'line_var') != environment.getattr(l_2_w, 'line_mean')):
                pass
                t_12.extend((
                    ' and ',
                    str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file')),
                    ':',
                    str(environment.getattr(l_2_w, 'line_var')),
                ))
            t_12.extend((
                "\n    # masked lanes take their running mean as the value (their A, of the loads' zeros, may\n    # be anything: inf, NaN): a delta of 0 changes nothing\n    acc_value_",
                str(environment.getattr(l_2_w, 'var')),
                ' = tl.where(mask, ',
                str(environment.getattr(l_2_w, 'value')),
                ', acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ')\n    acc_delta_',
                str(environment.getattr(l_2_w, 'var')),
                ' = acc_value_',
                str(environment.getattr(l_2_w, 'var')),
                ' - acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                "\n    # Only a slice's last step is partial: every lane not masked here has seen one value\n    # each step before this one, so one weight serves them all.\n",
            ))
            if (environment.getattr(l_2_w, 'dtype') == 'float32'):
                pass
                t_12.extend((
                    '    acc_weight_',
                    str(environment.getattr(l_2_w, 'var')),
                    ' = 1.0 / ((r_block - r_start) // BLOCK_R + 1.0)\n',
                ))
            else:
                pass
                t_12.extend((
                    '    acc_weight_',
                    str(environment.getattr(l_2_w, 'var')),
                    ' = 1.0 / ((r_block - r_start) // BLOCK_R + tl.full((), 1.0, tl.',
                    str(environment.getattr(l_2_w, 'dtype')),
                    '))\n',
                ))
            t_12.extend((
                '    acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ' += acc_delta_',
                str(environment.getattr(l_2_w, 'var')),
                ' * acc_weight_',
                str(environment.getattr(l_2_w, 'var')),
                '\n    acc_',
                str(environment.getattr(l_2_w, 'var')),
                ' += acc_delta_',
                str(environment.getattr(l_2_w, 'var')),
                ' * (acc_value_',
                str(environment.getattr(l_2_w, 'var')),
                ' - acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ')\n',
            ))
        l_2_w = missing
        if environment.getattr(l_1_p, 'results'):
            pass
            t_12.extend((
                "# Each reduction over the tile's ",
                str(('rows' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'columns')),
                ': one value per kept element.\n',
            ))
        for l_2_r in environment.getattr(l_1_p, 'results'):
            _loop_vars = {}
            pass
            t_12.extend((
                str(environment.getattr(l_2_r, 'name')),
                ' = ',
                str(environment.getattr(l_2_r, 'fold')),
                '\n',
            ))
        l_2_r = missing
        for l_2_w in environment.getattr(l_1_p, 'moments'):
            l_2_axis = missing
            _loop_vars = {}
            pass
            l_2_axis = (0 if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 1)
            _loop_vars['axis'] = l_2_axis
            t_12.extend((
                "# Welford's lanes combine as in Chan et al. Lane j of the tile's ",
                str(('rows' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'columns')),
                " saw\n# cdiv(r_stop - r_start - j, BLOCK_R) values of this slice. The slice's mean weighs each\n# lane's by that count (0 / 0 = NaN where it has none, as torch's mean): a pivot plus\n# the lanes' distances from it, each times its share of the count (no sum of large values\n# overflows; equal means give that mean). Its M2 is the lanes' M2 plus each lane's count\n# times the squared distance of its mean from the slice's.\nacc_count_",
                str(environment.getattr(l_2_w, 'var')),
                ' = ((tl.maximum(r_stop - r_start - tl.arange(0, BLOCK_R), 0) + BLOCK_R - 1) // BLOCK_R).to(tl.',
                str(environment.getattr(l_2_w, 'dtype')),
                ')',
                str((undefined(name='r_axis') if l_0_r_axis is missing else l_0_r_axis)),
                '\nacc_share_',
                str(environment.getattr(l_2_w, 'var')),
                ' = _div_by_count(acc_count_',
                str(environment.getattr(l_2_w, 'var')),
                ", r_stop - r_start)\n# the pivot: the count-weighted sum of the means (or lane 0's mean, _welford_pivot)\nacc_first_",
                str(environment.getattr(l_2_w, 'var')),
                ' = _welford_pivot(\n    _div_by_count(tl.sum(acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ' * acc_count_',
                str(environment.getattr(l_2_w, 'var')),
                ', axis=',
                str((undefined(name='axis') if l_2_axis is missing else l_2_axis)),
                '), r_stop - r_start),\n    tl.sum(tl.where((tl.arange(0, BLOCK_R) == 0)',
                str((undefined(name='r_axis') if l_0_r_axis is missing else l_0_r_axis)),
                ', acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ', 0.0), axis=',
                str((undefined(name='axis') if l_2_axis is missing else l_2_axis)),
                '),\n)\n',
                str(environment.getattr(l_2_w, 'mean')),
                ' = acc_first_',
                str(environment.getattr(l_2_w, 'var')),
                ' + tl.sum((acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ' - acc_first_',
                str(environment.getattr(l_2_w, 'var')),
                str((undefined(name='k_axis') if l_0_k_axis is missing else l_0_k_axis)),
                ') * acc_share_',
                str(environment.getattr(l_2_w, 'var')),
                ', axis=',
                str((undefined(name='axis') if l_2_axis is missing else l_2_axis)),
                ')\nacc_distance_',
                str(environment.getattr(l_2_w, 'var')),
                ' = tl.where(acc_count_',
                str(environment.getattr(l_2_w, 'var')),
                ' > 0.0, acc_running_',
                str(environment.getattr(l_2_w, 'var')),
                ' - ',
                str(environment.getattr(l_2_w, 'mean')),
                str((undefined(name='k_axis') if l_0_k_axis is missing else l_0_k_axis)),
                ', 0.0)\n',
                str(environment.getattr(l_2_w, 'var')),
                ' = tl.sum(acc_',
                str(environment.getattr(l_2_w, 'var')),
                ' + acc_count_',
                str(environment.getattr(l_2_w, 'var')),
                ' * acc_distance_',
                str(environment.getattr(l_2_w, 'var')),
                ' * acc_distance_',
                str(environment.getattr(l_2_w, 'var')),
                ', axis=',
                str((undefined(name='axis') if l_2_axis is missing else l_2_axis)),
                ")\n# a mean that is not finite (x - x is not 0): an inf or a NaN among the slice's values (a\n# running mean that has met an inf turns NaN at the lane's next value), or finite values\n# whose distances overflow\nacc_unfinished_",
                str(environment.getattr(l_2_w, 'var')),
                ' = ',
                str(environment.getattr(l_2_w, 'mean')),
                ' - ',
                str(environment.getattr(l_2_w, 'mean')),
                ' != 0.0\nif tl.max(tl.where(mask_k, acc_unfinished_',
                str(environment.getattr(l_2_w, 'var')),
                ", False).to(tl.int32)) > 0:\n    # Read the slice again for those kept elements' means as a plain sum, whose inf stays\n    # inf as in torch.mean (the variance is NaN or inf there, as in torch); the others keep\n    # theirs.\n    acc_plain_",
                str(environment.getattr(l_2_w, 'var')),
                ' = tl.zeros(',
                str((undefined(name='tile') if l_0_tile is missing else l_0_tile)),
                ', tl.',
                str(environment.getattr(l_2_w, 'dtype')),
                ')\n    for r_block in tl.range(r_start, r_stop, BLOCK_R, num_stages=3):\n        ',
                str(t_1(t_6(context.call((undefined(name='tile_at') if l_0_tile_at is missing else l_0_tile_at), l_1_p, _loop_vars=_loop_vars)), 8)),
                '\n        acc_plain_',
                str(environment.getattr(l_2_w, 'var')),
                ' += tl.where(mask, ',
                str(environment.getattr(l_2_w, 'value')),
                ', 0.0)\n    ',
                str(environment.getattr(l_2_w, 'mean')),
                ' = tl.where(acc_unfinished_',
                str(environment.getattr(l_2_w, 'var')),
                ', _div_by_count(tl.sum(acc_plain_',
                str(environment.getattr(l_2_w, 'var')),
                ', axis=',
                str((undefined(name='axis') if l_2_axis is missing else l_2_axis)),
                '), r_stop - r_start), ',
                str(environment.getattr(l_2_w, 'mean')),
                ')\n',
            ))
        l_2_w = l_2_axis = missing
        return concat(t_12)
    context.exported_vars.add('reduce_pass')
    context.vars['reduce_pass'] = l_0_reduce_pass = Macro(environment, macro, 'reduce_pass', ('p', 'index', 'count'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_p):
        t_13 = []
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        pass
        if environment.getattr(l_1_p, 'kept_before'):
            pass
            t_13.append(
                '# The results of the passes before, one value per kept element (from their buffers).\n',
            )
            for l_2_m in environment.getattr(l_1_p, 'kept_before'):
                _loop_vars = {}
                pass
                t_13.extend((
                    str(environment.getattr(l_2_m, 'name')),
                    ' = tl.load(',
                    str(environment.getattr(l_2_m, 'name')),
                    '_keep_ptr + offs_k, mask=mask_k, other=0)\n',
                ))
            l_2_m = missing
        return concat(t_13)
    context.exported_vars.add('load_kept')
    context.vars['load_kept'] = l_0_load_kept = Macro(environment, macro, 'load_kept', ('p',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_p, l_1_last):
        t_14 = []
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        if l_1_last is missing:
            l_1_last = undefined("parameter 'last' was not provided", name='last')
        pass
        def t_15(fiter):
            for l_2_r in fiter:
                if (environment.getattr(l_2_r, 'final') != environment.getattr(l_2_r, 'name')):
                    yield l_2_r
        for l_2_r in t_15(environment.getattr(l_1_p, 'results')):
            _loop_vars = {}
            pass
            t_14.extend((
                str(environment.getattr(l_2_r, 'name')),
                ' = ',
                str(environment.getattr(l_2_r, 'final')),
                '\n',
            ))
        l_2_r = missing
        def t_16(fiter):
            for l_2_w in fiter:
                if (environment.getattr(l_2_w, 'var_final') != environment.getattr(l_2_w, 'var')):
                    yield l_2_w
        for l_2_w in t_16(environment.getattr(l_1_p, 'moments')):
            _loop_vars = {}
            pass
            t_14.extend((
                '# the variance: the M2 over the count\n',
                str(environment.getattr(l_2_w, 'var')),
                ' = ',
                str(environment.getattr(l_2_w, 'var_final')),
                '\n',
            ))
        l_2_w = missing
        if l_1_last:
            pass
            t_14.extend((
                str(context.call((undefined(name='epilogue') if l_0_epilogue is missing else l_0_epilogue))),
                '\n',
            ))
        else:
            pass
            if environment.getattr(l_1_p, 'mid_loads'):
                pass
                t_14.extend((
                    '# The inputs the results below read, one value per kept element.\n',
                    str(context.call((undefined(name='loads') if l_0_loads is missing else l_0_loads), environment.getattr(l_1_p, 'mid_loads'), 'mask_k')),
                    '\n',
                ))
            for l_2_st in environment.getattr(l_1_p, 'mid_statements'):
                _loop_vars = {}
                pass
                t_14.extend((
                    '# spec: ',
                    str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file')),
                    ':',
                    str(environment.getattr(l_2_st, 'line')),
                    '\n',
                    str(environment.getattr(l_2_st, 'target')),
                    ' = ',
                    str(environment.getattr(l_2_st, 'triton')),
                    '\n',
                ))
            l_2_st = missing
            t_14.append(
                "# Leave this pass's results for the passes after it.\n",
            )
            for l_2_m in environment.getattr(l_1_p, 'kept_after'):
                _loop_vars = {}
                pass
                t_14.extend((
                    'tl.store(',
                    str(environment.getattr(l_2_m, 'name')),
                    '_keep_ptr + offs_k, ',
                    str(environment.getattr(l_2_m, 'name')),
                    ', mask=mask_k)\n',
                ))
            l_2_m = missing
        return concat(t_14)
    context.exported_vars.add('finish_pass')
    context.vars['finish_pass'] = l_0_finish_pass = Macro(environment, macro, 'finish_pass', ('p', 'last'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_p, l_1_index):
        t_17 = []
        l_1_count = missing
        if l_1_p is missing:
            l_1_p = undefined("parameter 'p' was not provided", name='p')
        if l_1_index is missing:
            l_1_index = undefined("parameter 'index' was not provided", name='index')
        pass
        l_1_count = t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes'))
        t_17.extend((
            str(t_6(context.call((undefined(name='load_kept') if l_0_load_kept is missing else l_0_load_kept), l_1_p))),
            '\n',
            str(t_6(context.call((undefined(name='reduce_pass') if l_0_reduce_pass is missing else l_0_reduce_pass), l_1_p, l_1_index, (undefined(name='count') if l_1_count is missing else l_1_count)))),
            '\nif SPLIT == 1:\n    # This program saw every reduced element: finish ',
            str(('the pass ' if ((undefined(name='count') if l_1_count is missing else l_1_count) > 1) else cond_expr_undefined("the inline if-expression on line 181 in 'axis_reduction.py.j2' evaluated to false and no else section was defined."))),
            'here.\n    ',
            str(t_1(t_6(context.call((undefined(name='finish_pass') if l_0_finish_pass is missing else l_0_finish_pass), l_1_p, (l_1_index == ((undefined(name='count') if l_1_count is missing else l_1_count) - 1)))), 4)),
            "\nelse:\n    # Slice pid_r's partial results: row pid_r of the [SPLIT, n_kept] buffers.\n",
        ))
        for l_2_r in environment.getattr(l_1_p, 'results'):
            _loop_vars = {}
            pass
            t_17.extend((
                '    tl.store(',
                str(environment.getattr(l_2_r, 'name')),
                '_part_ptr + pid_r * n_kept + offs_k, ',
                str(environment.getattr(l_2_r, 'name')),
                ', mask=mask_k)\n',
            ))
        l_2_r = missing
        for l_2_w in environment.getattr(l_1_p, 'moments'):
            _loop_vars = {}
            pass
            t_17.extend((
                '    tl.store(',
                str(environment.getattr(l_2_w, 'mean')),
                '_part_ptr + pid_r * n_kept + offs_k, ',
                str(environment.getattr(l_2_w, 'mean')),
                ', mask=mask_k)\n    tl.store(',
                str(environment.getattr(l_2_w, 'var')),
                '_part_ptr + pid_r * n_kept + offs_k, ',
                str(environment.getattr(l_2_w, 'var')),
                ', mask=mask_k)\n',
            ))
        l_2_w = missing
        t_17.extend((
            "    # Count this slice in (_last_arrival): the block's last slice to arrive combines them all,\n    # in slice order (the same bits whichever finishes last), and ",
            str(('finishes the pass' if ((undefined(name='count') if l_1_count is missing else l_1_count) > 1) else 'computes the outputs')),
            '.\n    if _last_arrival(count_ptr, pid_k, SPLIT):\n',
        ))
        if environment.getattr(l_1_p, 'results'):
            pass
            t_17.extend((
                '        ',
                str(t_1(t_6(context.call((undefined(name='combine') if l_0_combine is missing else l_0_combine), environment.getattr(l_1_p, 'results'))), 8)),
                '\n',
            ))
        for l_2_w in environment.getattr(l_1_p, 'moments'):
            _loop_vars = {}
            pass
            t_17.extend((
                '        ',
                str(t_1(t_6(context.call((undefined(name='combine_moments') if l_0_combine_moments is missing else l_0_combine_moments), l_2_w, _loop_vars=_loop_vars)), 8)),
                '\n',
            ))
        l_2_w = missing
        t_17.extend((
            '        ',
            str(t_1(t_6(context.call((undefined(name='finish_pass') if l_0_finish_pass is missing else l_0_finish_pass), l_1_p, (l_1_index == ((undefined(name='count') if l_1_count is missing else l_1_count) - 1)))), 8)),
            '\n',
        ))
        return concat(t_17)
    context.exported_vars.add('run_pass')
    context.vars['run_pass'] = l_0_run_pass = Macro(environment, macro, 'run_pass', ('p', 'index'), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_results):
        t_18 = []
        if l_1_results is missing:
            l_1_results = undefined("parameter 'results' was not provided", name='results')
        pass
        t_18.append(
            "# Every slice's partial results, BLOCK_S slices at a time: a [BLOCK_S, BLOCK_K] tile per\n# reduction. The loads bypass L1 (.cg), which is not coherent across SMs.\n",
        )
        for l_2_r in l_1_results:
            _loop_vars = {}
            pass
            t_18.extend((
                'slices_',
                str(environment.getattr(l_2_r, 'name')),
                ' = tl.full([BLOCK_S, BLOCK_K], ',
                str(environment.getattr(l_2_r, 'neutral')),
                ', tl.',
                str(environment.getattr(l_2_r, 'dtype')),
                ')\n',
            ))
        l_2_r = missing
        t_18.append(
            "for slice_block in range(0, SPLIT, BLOCK_S):\n    offs_s = slice_block + tl.arange(0, BLOCK_S)\n    # mask_s: the last block of slices runs past SPLIT; and inside the kept elements.\n    mask_s = (offs_s < SPLIT)[:, None] & mask_k[None, :]\n    # Slice offs_s's partial results of kept element offs_k: row offs_s of the [SPLIT, n_kept] buffer.\n",
        )
        for l_2_r in l_1_results:
            _loop_vars = {}
            pass
            t_18.extend((
                '    partial = tl.load(',
                str(environment.getattr(l_2_r, 'name')),
                '_part_ptr + offs_s[:, None] * n_kept + offs_k[None, :], mask=mask_s, other=',
                str(environment.getattr(l_2_r, 'neutral')),
                ', cache_modifier=".cg")\n    ',
                str(environment.getattr(l_2_r, 'merge')),
                '\n',
            ))
        l_2_r = missing
        t_18.append(
            "# Fold the slices: the tile's rows, in a fixed order.\n",
        )
        for l_2_r in l_1_results:
            _loop_vars = {}
            pass
            t_18.extend((
                str(environment.getattr(l_2_r, 'name')),
                ' = ',
                str(environment.getattr(l_2_r, 'fold_slices')),
                '\n',
            ))
        l_2_r = missing
        return concat(t_18)
    context.exported_vars.add('combine')
    context.vars['combine'] = l_0_combine = Macro(environment, macro, 'combine', ('results',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_w, l_1_caller):
        t_19 = []
        l_1_slice_loop = missing
        if l_1_w is missing:
            l_1_w = undefined("parameter 'w' was not provided", name='w')
        pass
        def macro(l_2_caller):
            t_20 = []
            pass
            t_20.extend((
                "for slice_block in range(0, SPLIT, BLOCK_S):\n    offs_s = slice_block + tl.arange(0, BLOCK_S)\n    # mask_s: the last block of slices runs past SPLIT; and inside the kept elements.\n    mask_s = (offs_s < SPLIT)[:, None] & mask_k[None, :]\n    # each slice's length: r_per_split, the last one what is left\n    slices_length_",
                str(environment.getattr(l_1_w, 'var')),
                ' = tl.minimum(n_reduced - offs_s * r_per_split, r_per_split).to(tl.',
                str(environment.getattr(l_1_w, 'dtype')),
                ')[:, None]\n    partial = tl.load(',
                str(environment.getattr(l_1_w, 'mean')),
                '_part_ptr + offs_s[:, None] * n_kept + offs_k[None, :], mask=mask_s, other=0.0, cache_modifier=".cg")\n',
                str(context.call(l_2_caller)),
            ))
            return concat(t_20)
        l_1_slice_loop = Macro(environment, macro, 'slice_loop', (), False, False, True, context.eval_ctx.autoescape)
        t_19.extend((
            "# Welford's slices combine as their lanes did: the mean weighs each slice's by its length\n# (a pivot plus the slices' distances from it, each times its share), then the M2 adds\n# each slice's M2 and its length times the squared distance of its mean from the whole's.\n# BLOCK_S slices at a time; the loads bypass L1 (.cg), which is not coherent across SMs.\n# the pivot: the length-weighted sum of the slices' means (or slice 0's mean, _welford_pivot)\nslices_first_",
            str(environment.getattr(l_1_w, 'var')),
            ' = tl.zeros([BLOCK_S, BLOCK_K], tl.',
            str(environment.getattr(l_1_w, 'dtype')),
            ')\n',
        ))
        def macro():
            t_21 = []
            pass
            t_21.extend((
                '    slices_first_',
                str(environment.getattr(l_1_w, 'var')),
                ' += tl.where(mask_s, partial * slices_length_',
                str(environment.getattr(l_1_w, 'var')),
                ', 0.0)\n',
            ))
            return concat(t_21)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        t_19.append(context.call((undefined(name='slice_loop') if l_1_slice_loop is missing else l_1_slice_loop), caller=caller))
        t_19.extend((
            'slices_first_',
            str(environment.getattr(l_1_w, 'var')),
            ' = _welford_pivot(\n    _div_by_count(tl.sum(slices_first_',
            str(environment.getattr(l_1_w, 'var')),
            ', axis=0), n_reduced),\n    tl.load(',
            str(environment.getattr(l_1_w, 'mean')),
            '_part_ptr + offs_k, mask=mask_k, other=0.0, cache_modifier=".cg"),\n)\nslices_',
            str(environment.getattr(l_1_w, 'mean')),
            ' = tl.zeros([BLOCK_S, BLOCK_K], tl.',
            str(environment.getattr(l_1_w, 'dtype')),
            ')\n',
        ))
        def macro():
            t_22 = []
            pass
            t_22.extend((
                '    slices_',
                str(environment.getattr(l_1_w, 'mean')),
                ' += tl.where(mask_s, (partial - slices_first_',
                str(environment.getattr(l_1_w, 'var')),
                '[None, :]) * _div_by_count(slices_length_',
                str(environment.getattr(l_1_w, 'var')),
                ', n_reduced), 0.0)\n',
            ))
            return concat(t_22)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        t_19.append(context.call((undefined(name='slice_loop') if l_1_slice_loop is missing else l_1_slice_loop), caller=caller))
        t_19.extend((
            str(environment.getattr(l_1_w, 'mean')),
            ' = slices_first_',
            str(environment.getattr(l_1_w, 'var')),
            ' + tl.sum(slices_',
            str(environment.getattr(l_1_w, 'mean')),
            ', axis=0)\nslices_',
            str(environment.getattr(l_1_w, 'var')),
            ' = tl.zeros([BLOCK_S, BLOCK_K], tl.',
            str(environment.getattr(l_1_w, 'dtype')),
            ')\n',
        ))
        def macro():
            t_23 = []
            pass
            t_23.extend((
                '    slices_distance_',
                str(environment.getattr(l_1_w, 'var')),
                ' = tl.where(mask_s, partial - ',
                str(environment.getattr(l_1_w, 'mean')),
                '[None, :], 0.0)\n    partial = tl.load(',
                str(environment.getattr(l_1_w, 'var')),
                '_part_ptr + offs_s[:, None] * n_kept + offs_k[None, :], mask=mask_s, other=0.0, cache_modifier=".cg")\n    slices_',
                str(environment.getattr(l_1_w, 'var')),
                ' += partial + slices_length_',
                str(environment.getattr(l_1_w, 'var')),
                ' * slices_distance_',
                str(environment.getattr(l_1_w, 'var')),
                ' * slices_distance_',
                str(environment.getattr(l_1_w, 'var')),
                '\n',
            ))
            return concat(t_23)
        caller = Macro(environment, macro, None, (), False, False, False, context.eval_ctx.autoescape)
        t_19.append(context.call((undefined(name='slice_loop') if l_1_slice_loop is missing else l_1_slice_loop), caller=caller))
        t_19.extend((
            str(environment.getattr(l_1_w, 'var')),
            ' = tl.sum(slices_',
            str(environment.getattr(l_1_w, 'var')),
            ', axis=0)\n',
        ))
        return concat(t_19)
    context.exported_vars.add('combine_moments')
    context.vars['combine_moments'] = l_0_combine_moments = Macro(environment, macro, 'combine_moments', ('w',), False, False, True, context.eval_ctx.autoescape)
    def macro():
        t_24 = []
        pass
        t_24.append(
            'offs_k = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)\nif INDEX_64:\n    offs_k = offs_k.to(tl.int64)\n# mask_k: the last block of kept elements runs past n_kept.\nmask_k = offs_k < n_kept\n',
        )
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_steps'):
            pass
            t_24.extend((
                '# Split the kept index into one index per kept dimension of [',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_text')),
                '], innermost first.\n',
                str(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'offs_k', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_steps'))),
            ))
        return concat(t_24)
    context.exported_vars.add('kept_block')
    context.vars['kept_block'] = l_0_kept_block = Macro(environment, macro, 'kept_block', (), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_25 = []
        pass
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'epilogue_loads'):
            pass
            t_25.extend((
                '# The inputs the statements after the reductions read, one value per kept element.\n',
                str(context.call((undefined(name='loads') if l_0_loads is missing else l_0_loads), environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'epilogue_loads'), 'mask_k')),
            ))
        for l_2_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'epilogue_statements'):
            _loop_vars = {}
            pass
            t_25.extend((
                '# spec: ',
                str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file')),
                ':',
                str(environment.getattr(l_2_st, 'line')),
                '\n',
                str(environment.getattr(l_2_st, 'target')),
                ' = ',
                str(environment.getattr(l_2_st, 'triton')),
                '\n',
            ))
        l_2_st = missing
        t_25.append(
            '# Store each output, cast to its declared type, under the kept mask.\n',
        )
        for l_2_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'stores'):
            _loop_vars = {}
            pass
            t_25.extend((
                'tl.store(',
                str(environment.getattr(environment.getattr(l_2_st, 'tensor'), 'name')),
                '_ptr + ',
                str(environment.getattr(l_2_st, 'offs')),
                ', ',
                str(environment.getattr(environment.getattr(l_2_st, 'tensor'), 'store_open')),
                str(environment.getattr(environment.getattr(l_2_st, 'tensor'), 'name')),
                str(environment.getattr(environment.getattr(l_2_st, 'tensor'), 'store_cast')),
                ', mask=mask_k)\n',
            ))
        l_2_st = missing
        return concat(t_25)
    context.exported_vars.add('epilogue')
    context.vars['epilogue'] = l_0_epilogue = Macro(environment, macro, 'epilogue', (), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_26 = []
        pass
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
            _loop_vars = {}
            pass
            t_26.extend((
                '    ',
                str(environment.getattr(l_2_t, 'name')),
                '_ptr,  # ',
                str(environment.getattr(environment.getattr(l_2_t, 'dtype'), 'name')),
                '[',
                str(environment.getattr(l_2_t, 'dims_text')),
                ']\n',
            ))
        l_2_t = missing
        if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
            pass
            t_26.extend((
                '    ',
                str(t_1(t_6(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'params'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4)),
                '\n',
            ))
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
            _loop_vars = {}
            pass
            t_26.extend((
                '    ',
                str(environment.getattr(l_2_t, 'name')),
                '_ptr,  # ',
                str(environment.getattr(environment.getattr(l_2_t, 'dtype'), 'name')),
                '[',
                str(environment.getattr(l_2_t, 'dims_text')),
                '], output\n',
            ))
        l_2_t = missing
        for (l_2_name, l_2_dtype) in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'partials'):
            _loop_vars = {}
            pass
            t_26.extend((
                '    ',
                str(l_2_name),
                '_part_ptr,  # ',
                str(l_2_dtype),
                "[SPLIT, n_kept]: each slice's partial ",
                str(l_2_name),
                ' (SPLIT > 1)\n',
            ))
        l_2_name = l_2_dtype = missing
        for l_2_m in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'keeps'):
            _loop_vars = {}
            pass
            t_26.extend((
                '    ',
                str(environment.getattr(l_2_m, 'name')),
                '_keep_ptr,  # ',
                str(environment.getattr(l_2_m, 'dtype')),
                '[n_kept]: ',
                str(environment.getattr(l_2_m, 'name')),
                ', left by pass ',
                str((environment.getattr(l_2_m, 'level') + 1)),
                ' for the passes after it\n',
            ))
        l_2_m = missing
        t_26.extend((
            '    count_ptr,  # int32[blocks of kept elements]: how many slices of each block have finished (SPLIT > 1)\n    n_kept,  # elements of each output: ',
            str((t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept'), ' * ') or '1 (0-d outputs)')),
            '\n    n_reduced,  # elements reduced into each: ',
            str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced'), ' * ')),
            '\n    r_per_split,  # reduced elements each slice covers (a multiple of BLOCK_R)\n',
        ))
        for l_2_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
            _loop_vars = {}
            pass
            t_26.extend((
                '    ',
                str(l_2_d),
                ',\n',
            ))
        l_2_d = missing
        for l_2_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
            _loop_vars = {}
            pass
            for (l_3_axis, l_3_stride) in environment.getattr(l_2_t, 'strides'):
                _loop_vars = {}
                pass
                t_26.extend((
                    '    ',
                    str(l_3_stride),
                    ',\n',
                ))
            l_3_axis = l_3_stride = missing
        l_2_t = missing
        t_26.extend((
            "    SPLIT,  # programs sharing a block of kept elements, each over one slice of the reduced ones\n    BLOCK_R: tl.constexpr,  # reduced elements per tile step\n    BLOCK_S: tl.constexpr,  # slices the last one to finish combines per step\n    BLOCK_K: tl.constexpr,  # kept elements per program\n    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n    EVICT_FIRST: tl.constexpr,  # the last pass's loads of ",
            str((t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'last_reads'), ', ') or '(none)')),
            ' ask the caches to drop their lines first\n',
        ))
        if (t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes')) > 1):
            pass
            t_26.extend((
                '    PASS: tl.constexpr,  # which of the ',
                str(t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes'))),
                ' passes over the reduced elements this launch makes\n',
            ))
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'flat'):
            pass
            t_26.append(
                '    FLAT: tl.constexpr,  # every tensor the loop reads is contiguous: offsets are flat indices\n',
            )
        return concat(t_26)
    context.exported_vars.add('kernel_args')
    context.vars['kernel_args'] = l_0_kernel_args = Macro(environment, macro, 'kernel_args', (), False, False, False, context.eval_ctx.autoescape)
    yield '# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel(\n'
    yield str(context.call((undefined(name='kernel_args') if l_0_kernel_args is missing else l_0_kernel_args)))
    yield '):\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'):
        pass
        yield '    # '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'))
        yield '\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_6(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    yield '    # Program (pid_k, pid_r) reduces ['
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_text'))
    yield '] for kept elements [pid_k * BLOCK_K, (pid_k + 1) * BLOCK_K) of\n    # ['
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_text'))
    yield '], over slice pid_r of the reduced elements: [pid_r * r_per_split, (pid_r + 1) * r_per_split).\n    pid_k = tl.program_id(0)\n    pid_r = tl.program_id(1)\n    '
    yield str(t_1(t_6(context.call((undefined(name='kept_block') if l_0_kept_block is missing else l_0_kept_block))), 4))
    yield '\n    r_start = pid_r * r_per_split\n    r_stop = tl.minimum(r_start + r_per_split, n_reduced)\n'
    if (t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes')) > 1):
        pass
        l_1_loop = missing
        for l_1_p, l_1_loop in LoopContext(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes'), undefined):
            _loop_vars = {}
            pass
            yield '    '
            yield str(('if' if environment.getattr(l_1_loop, 'first') else 'elif'))
            yield ' PASS == '
            yield str(environment.getattr(l_1_loop, 'index0'))
            yield ':\n        '
            yield str(t_1(t_6(context.call((undefined(name='run_pass') if l_0_run_pass is missing else l_0_run_pass), l_1_p, environment.getattr(l_1_loop, 'index0'), _loop_vars=_loop_vars)), 8))
            yield '\n'
        l_1_loop = l_1_p = missing
    else:
        pass
        yield '    '
        yield str(t_1(t_6(context.call((undefined(name='run_pass') if l_0_run_pass is missing else l_0_run_pass), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes'), 0), 0)), 4))
        yield '\n'
    yield '\n\n'
    template = environment.get_template('_launcher_head.py.j2', 'axis_reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'combine': l_0_combine, 'combine_moments': l_0_combine_moments, 'epilogue': l_0_epilogue, 'finish_pass': l_0_finish_pass, 'k_axis': l_0_k_axis, 'kept_block': l_0_kept_block, 'kernel_args': l_0_kernel_args, 'launch_args': l_0_launch_args, 'launches': l_0_launches, 'load_kept': l_0_load_kept, 'loads': l_0_loads, 'loops': l_0_loops, 'r_axis': l_0_r_axis, 'reduce_pass': l_0_reduce_pass, 'run_pass': l_0_run_pass, 's': l_0_s, 'sc': l_0_sc, 'strided_loads': l_0_strided_loads, 'tensors': l_0_tensors, 'tile': l_0_tile, 'tile_at': l_0_tile_at, 'tile_values': l_0_tile_values}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    n_kept = '
    yield str((t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept'), ' * ') or '1'))
    yield '\n    n_reduced = '
    yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced'), ' * '))
    yield '\n    if '
    l_1_loop = missing
    for l_1_t, l_1_loop in LoopContext(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), undefined):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_t, 'name'))
        yield '.numel() == 0'
        yield str((' and ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 357 in 'axis_reduction.py.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_t = missing
    yield ':\n        # Nothing to compute: return the (empty) outputs without launching.\n        return '
    yield str(t_2(context.eval_ctx, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes'):
        pass
        yield '    if n_reduced == 0:\n        # A sum over no elements is 0 and a mean 0 / 0 = NaN, as in torch, but '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes'))
        yield '\n        # over no elements has no value (torch raises too).\n        raise ValueError(\n            f"'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '(): '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes'))
        yield ' over ['
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_text'))
        yield '] has no value: "\n            f"there are '
        yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced'), ' * '))
        yield ' = 0 elements to reduce"\n        )\n'
    yield "    # Facts of the signature, worked out on its first call (tilegen.runtime.axes.axis_facts):\n    # whether the inputs load in whole 16-byte vectors, and whether the last pass's loads ask\n    # the caches to drop their lines first (the tensors it streams come to a few L2s or less).\n    whole_vectors, evict_first = _"
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls.facts(\n        signature, _axes.axis_facts, '
    yield str(t_5(t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'), attribute='name')))
    yield ', '
    yield str(t_5(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'last_reads')))
    yield ', device\n    )\n    # Tiles, and how many slices share each block of kept elements: a model of the shape,\n    # the SM count and whether the inputs load in whole vectors (tilegen.runtime.axes.axis_plan).\n    BLOCK_R, BLOCK_K, SPLIT, r_per_split, num_warps = _axes.axis_plan(\n        n_kept, n_reduced, '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner'))
    yield ', _axes.sm_count_or_default(device)'
    yield str(((', pinned_split=%d' % environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split')) if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split') else cond_expr_undefined("the inline if-expression on line 378 in 'axis_reduction.py.j2' evaluated to false and no else section was defined.")))
    yield ',\n        whole_vectors=whole_vectors,\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'welford'):
        pass
        yield "        # Welford's moments take more registers a thread: fewer of its programs fit an SM.\n        moments=True,\n"
    yield '    )\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'):
        pass
        yield '    num_warps = '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'))
        yield "  # pinned by the spec's schedule\n"
    yield "    # Partial results of each slice, where several share a block (unused otherwise), and the\n    # arrival counts by which each block's last slice finds itself (tilegen.runtime.axes.axis_counts).\n"
    for (l_1_name, l_1_dtype) in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'partials'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(l_1_name)
        yield '_part = _axes.axis_partials(SPLIT, n_kept, torch.'
        yield str(l_1_dtype)
        yield ', device)\n'
    l_1_name = l_1_dtype = missing
    yield '    count, pool = _axes.axis_counts(SPLIT, _args.cdiv(n_kept, BLOCK_K), device)\n    index_64 = _args.needs_int64('
    yield str(t_2(context.eval_ctx, t_4(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
    yield ')\n'
    def macro():
        t_27 = []
        pass
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
            _loop_vars = {}
            pass
            t_27.extend((
                '        ',
                str(environment.getattr(l_2_t, 'name')),
                ',\n',
            ))
        l_2_t = missing
        for l_2_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
            _loop_vars = {}
            pass
            t_27.extend((
                '        ',
                str(environment.getattr(l_2_p, 'name')),
                ',\n',
            ))
        l_2_p = missing
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
            _loop_vars = {}
            pass
            t_27.extend((
                '        ',
                str(environment.getattr(l_2_t, 'name')),
                ',\n',
            ))
        l_2_t = missing
        for (l_2_name, l_2_dtype) in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'partials'):
            _loop_vars = {}
            pass
            t_27.extend((
                '        ',
                str(l_2_name),
                '_part,\n',
            ))
        l_2_name = l_2_dtype = missing
        for l_2_m in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'keeps'):
            _loop_vars = {}
            pass
            t_27.extend((
                '        ',
                str(environment.getattr(l_2_m, 'name')),
                '_keep,\n',
            ))
        l_2_m = missing
        t_27.append(
            '        count,\n        n_kept,\n        n_reduced,\n        r_per_split,\n',
        )
        for l_2_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
            _loop_vars = {}
            pass
            t_27.extend((
                '        ',
                str(l_2_d),
                ',\n',
            ))
        l_2_d = missing
        for l_2_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
            _loop_vars = {}
            pass
            for (l_3_axis, l_3_stride) in environment.getattr(l_2_t, 'strides'):
                _loop_vars = {}
                pass
                t_27.extend((
                    '        ',
                    str(environment.getattr(l_2_t, 'name')),
                    '.stride(',
                    str(l_3_axis),
                    '),\n',
                ))
            l_3_axis = l_3_stride = missing
        l_2_t = missing
        t_27.append(
            '        SPLIT,\n',
        )
        return concat(t_27)
    context.exported_vars.add('launch_args')
    context.vars['launch_args'] = l_0_launch_args = Macro(environment, macro, 'launch_args', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_chained):
        t_28 = []
        if l_1_chained is missing:
            l_1_chained = undefined("parameter 'chained' was not provided", name='chained')
        pass
        t_28.extend((
            '    _fast.launch(\n        ',
            str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name')),
            '_kernel,\n        grid,\n',
            str(context.call((undefined(name='launch_args') if l_0_launch_args is missing else l_0_launch_args))),
            'BLOCK_R=BLOCK_R,\n        BLOCK_S=_axes.axis_combine_block(SPLIT, BLOCK_K),\n        BLOCK_K=BLOCK_K,\n        INDEX_64=index_64,\n        EVICT_FIRST=evict_first,\n',
        ))
        if l_1_chained:
            pass
            t_28.append(
                '        PASS=PASS,\n',
            )
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'flat'):
            pass
            t_28.extend((
                '        FLAT=all(t.is_contiguous() for t in (',
                str(t_2(context.eval_ctx, t_4(context, t_4(context, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loop_loads'), attribute='tensor'), attribute='name'), ', ')),
                ',)),\n',
            ))
        t_28.append(
            '        num_warps=num_warps,\n',
        )
        if (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'welford') and (not environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'))):
            pass
            t_28.append(
                '        # Where the programs outnumber those its registers keep resident, capped registers\n        # keep more (maxnreg: _axes.moments_options).\n        **_axes.moments_options(grid, _axes.sm_count_or_default(device), whole_vectors),\n',
            )
        t_28.append(
            '    )\n',
        )
        return concat(t_28)
    context.exported_vars.add('launches')
    context.vars['launches'] = l_0_launches = Macro(environment, macro, 'launches', ('chained',), False, False, False, context.eval_ctx.autoescape)
    if (t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes')) > 1):
        pass
        yield '    # What each pass leaves for the passes after it, one value per kept element.\n'
        for l_1_m in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'keeps'):
            _loop_vars = {}
            pass
            yield '    '
            yield str(environment.getattr(l_1_m, 'name'))
            yield '_keep = torch.empty(n_kept, dtype=torch.'
            yield str(environment.getattr(l_1_m, 'torch'))
            yield ', device=device)\n'
        l_1_m = missing
        yield '    grid = (_args.cdiv(n_kept, BLOCK_K), SPLIT)\n    for PASS in range('
        yield str(t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes')))
        yield '):\n        # Each pass reads the results of those before: one program per block of kept elements\n        # and slice of the reduced ones.\n'
        yield str(t_1(context.call((undefined(name='launches') if l_0_launches is missing else l_0_launches), True), 4, first=True))
    else:
        pass
        yield '    # One program per block of kept elements and slice of the reduced ones.\n    grid = (_args.cdiv(n_kept, BLOCK_K), SPLIT)\n'
        yield str(context.call((undefined(name='launches') if l_0_launches is missing else l_0_launches), False))
    yield "    # The counts go back to this stream's pool once the launch is queued: each block's last\n    # slice reset its count (a launch that raised gives them up).\n    _axes.axis_counts_done(pool, count)\n    return "
    yield str(t_2(context.eval_ctx, t_4(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n\n\n'
    template = environment.get_template('_reference.py.j2', 'axis_reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'combine': l_0_combine, 'combine_moments': l_0_combine_moments, 'epilogue': l_0_epilogue, 'finish_pass': l_0_finish_pass, 'k_axis': l_0_k_axis, 'kept_block': l_0_kept_block, 'kernel_args': l_0_kernel_args, 'launch_args': l_0_launch_args, 'launches': l_0_launches, 'load_kept': l_0_load_kept, 'loads': l_0_loads, 'loops': l_0_loops, 'r_axis': l_0_r_axis, 'reduce_pass': l_0_reduce_pass, 'run_pass': l_0_run_pass, 's': l_0_s, 'sc': l_0_sc, 'strided_loads': l_0_strided_loads, 'tensors': l_0_tensors, 'tile': l_0_tile, 'tile_at': l_0_tile_at, 'tile_values': l_0_tile_values}))
    try:
        for event in gen:
            yield event
    finally: gen.close()

blocks = {}
debug_info = '1=55&2=57&3=59&4=62&5=65&6=68&7=71&8=74&9=85&10=89&11=91&12=94&14=113&18=129&19=136&20=140&21=142&24=146&25=150&27=156&29=162&30=163&31=167&32=169&34=172&37=176&38=178&39=180&40=182&42=184&44=190&46=193&47=198&48=202&51=211&56=218&57=222&59=228&60=237&61=241&63=250&64=253&65=258&67=268&68=273&69=275&70=277&71=279&72=285&74=293&80=305&81=308&84=313&85=318&87=322&88=327&92=341&93=347&96=354&97=358&99=365&101=372&102=378&104=388&105=392&107=395&108=399&110=405&111=409&112=413&118=415&119=421&121=425&122=427&123=433&125=439&126=452&127=461&131=473&132=479&136=481&138=487&139=489&140=493&143=508&144=513&146=518&147=522&151=531&152=538&153=546&155=552&157=561&159=567&160=570&162=575&164=579&166=582&167=587&168=591&171=600&172=605&176=614&177=622&178=624&179=626&181=628&182=630&185=633&186=638&188=644&189=649&190=653&193=661&195=664&196=668&198=671&199=676&201=682&203=688&206=696&207=701&214=712&215=717&216=721&219=728&220=732&223=741&224=747&230=752&231=756&232=758&239=764&240=769&241=774&240=781&243=784&244=786&245=788&247=790&248=795&249=800&248=809&251=811&252=817&253=822&254=827&255=831&256=833&253=844&258=846&260=854&266=860&267=864&268=866&271=871&272=874&274=878&276=880&277=885&278=889&281=898&282=903&285=916&286=919&287=924&289=932&290=936&292=939&293=944&295=952&296=957&298=965&299=970&302=982&303=984&305=987&306=992&308=996&309=999&310=1004&318=1011&319=1014&320=1018&322=1021&326=1030&328=1034&329=1036&331=1038&332=1041&334=1043&335=1046&337=1049&338=1051&341=1053&344=1055&345=1058&346=1062&347=1066&350=1072&354=1075&355=1082&356=1084&357=1087&359=1095&360=1097&362=1100&365=1102&366=1108&372=1111&373=1113&378=1117&380=1121&385=1125&386=1128&390=1131&391=1135&394=1141&395=1143&396=1146&397=1151&399=1155&400=1160&402=1164&403=1169&405=1173&406=1178&408=1182&409=1187&415=1194&416=1199&418=1203&419=1206&420=1211&425=1224&427=1231&429=1233&435=1236&438=1241&439=1245&442=1251&449=1262&451=1265&452=1269&455=1275&458=1277&462=1281&467=1283&470=1285'