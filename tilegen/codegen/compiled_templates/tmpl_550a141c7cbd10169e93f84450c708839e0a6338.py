from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_reduction_looped.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_s = resolve('s')
    l_0_k = resolve('k')
    l_0_m = resolve('m')
    l_0_sc = resolve('sc')
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
    yield '# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_looped_kernel(\n'
    template = environment.get_template('_reduction_kernel_args.py.j2', '_reduction_looped.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    BLOCK_N: tl.constexpr,  # columns per block; each pass walks the row in cdiv('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield ', BLOCK_N) blocks\n    ROWS: tl.constexpr,  # rows per block\n    NUM_STAGES: tl.constexpr,  # software-pipelining depth of the column-block loops\n    PERSISTENT: tl.constexpr,  # fewer programs than row blocks: each loops over several\n    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n'
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align_arg'), (undefined(name='k') if l_0_k is missing else l_0_k)))
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'past_end_arg'), (undefined(name='k') if l_0_k is missing else l_0_k)))
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fixed_width'):
        pass
        yield '    COLS: tl.constexpr,  # the row width, where the launcher compiles for one (0: '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' at run time)\n'
    yield '):\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'):
        pass
        yield '    # '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'division_note'))
        yield '\n'
    yield '    # Looped over rows of ['
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text'))
    yield '] too wide for registers. Pass k walks the row in\n    # blocks and accumulates the reductions of level k (those needing only earlier passes;\n    # a sum(exp(A - max(A))) or a variance about mean(A) joins the pass of max(A) or mean(A));\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'final_stores'):
        pass
        yield '    # the final pass recomputes the row-varying values and stores them. Each row of the\n    # full-shaped inputs is read '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reads_text'))
        yield '.\n'
    else:
        pass
        yield '    # there are no row-varying outputs, so there is no final pass. Each row of the\n    # full-shaped inputs is read '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reads_text'))
        yield '.\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
        pass
        yield '    '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align'), (undefined(name='k') if l_0_k is missing else l_0_k))), 4))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fixed_width'):
        pass
        yield '    if COLS:\n        # Compiled for rows of COLS columns: with the width a constant the column loops\n        # have a known trip count and the offset and mask arithmetic folds where it can.\n        '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' = COLS\n'
    yield '    pid = tl.program_id(0)\n    num_programs = tl.num_programs(0)\n    num_row_blocks = tl.cdiv(n_rows, ROWS)\n    num_col_blocks = tl.cdiv('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield ', BLOCK_N)\n    '
    yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_blocks'), 'range')), 4))
    yield '\n        '
    yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_setup'), (undefined(name='k') if l_0_k is missing else l_0_k))), 8))
    yield '\n'
    for l_1_p in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'passes'):
        l_1_lp = resolve('lp')
        _loop_vars = {}
        pass
        if environment.getattr(l_1_p, 'loop'):
            pass
            l_1_lp = environment.getattr(l_1_p, 'loop')
            _loop_vars['lp'] = l_1_lp
            yield '        # ---- Pass '
            yield str(environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'number'))
            yield ' of '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reads'))
            yield ': '
            yield str(environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'title'))
            yield ' ----\n'
            for l_2_a in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'accs'):
                _loop_vars = {}
                pass
                if (environment.getattr(l_2_a, 'init') in ('0', '0.0')):
                    pass
                    yield '        '
                    yield str(environment.getattr(l_2_a, 'name'))
                    yield ' = tl.zeros([ROWS, BLOCK_N], tl.'
                    yield str(environment.getattr(l_2_a, 'dtype'))
                    yield ')\n'
                else:
                    pass
                    yield '        '
                    yield str(environment.getattr(l_2_a, 'name'))
                    yield ' = tl.full([ROWS, BLOCK_N], '
                    yield str(environment.getattr(l_2_a, 'init'))
                    yield ', tl.'
                    yield str(environment.getattr(l_2_a, 'dtype'))
                    yield ')\n'
                if environment.getattr(l_2_a, 'index'):
                    pass
                    yield "        # each lane's position of its best value so far: past every column until it sees one\n        "
                    yield str(environment.getattr(l_2_a, 'index'))
                    yield ' = tl.full([ROWS, BLOCK_N], '
                    yield str(environment.getattr(l_2_a, 'index_init'))
                    yield ', tl.int64)\n'
            l_2_a = missing
            for (l_2_name, l_2_start, l_2_dtype) in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'carries'):
                _loop_vars = {}
                pass
                yield '        # the running value of a scan: the blocks before this one, per row\n        '
                yield str(l_2_name)
                yield ' = tl.full([ROWS, 1], '
                yield str(l_2_start)
                yield ', tl.'
                yield str(l_2_dtype)
                yield ')\n'
            l_2_name = l_2_start = l_2_dtype = missing
            for l_2_o in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'online'):
                _loop_vars = {}
                pass
                yield '        # Online max-and-sum (one read for both): '
                yield str(environment.getattr(l_2_o, 'm_acc'))
                yield " is each row's running max, and\n        # "
                yield str(environment.getattr(l_2_o, 's_acc'))
                yield ' holds per lane the sum of exp(value - running max), rescaled whenever\n        # the running max grows: one exp per element, plus one per row and block.\n        '
                yield str(environment.getattr(l_2_o, 'm_acc'))
                yield ' = tl.full([ROWS, 1], float("-inf"), tl.'
                yield str(environment.getattr(l_2_o, 'dtype'))
                yield ')\n        '
                yield str(environment.getattr(l_2_o, 's_acc'))
                yield ' = tl.zeros([ROWS, BLOCK_N], tl.'
                yield str(environment.getattr(l_2_o, 'dtype'))
                yield ')\n'
            l_2_o = missing
            for l_2_w in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'moments'):
                _loop_vars = {}
                pass
                yield '        # Welford (one read for the mean and the variance): per lane, '
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ' is the running\n        # mean of the values it has seen, '
                yield str(environment.getattr(l_2_w, 'm2_acc'))
                yield ' their M2 (the sum of their squared distances\n        # from it).\n        '
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ' = tl.zeros([ROWS, BLOCK_N], tl.'
                yield str(environment.getattr(l_2_w, 'dtype'))
                yield ')\n        '
                yield str(environment.getattr(l_2_w, 'm2_acc'))
                yield ' = tl.zeros([ROWS, BLOCK_N], tl.'
                yield str(environment.getattr(l_2_w, 'dtype'))
                yield ')\n'
            l_2_w = missing
            yield '        for col_block in tl.range(0, num_col_blocks, num_stages=NUM_STAGES):\n'
            if environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'backward'):
                pass
                yield '            # Walk the row backwards: the blocks the previous pass read last are the ones\n            # most likely still in L2.\n            start = (num_col_blocks - 1 - col_block) * BLOCK_N\n'
            else:
                pass
                yield '            start = col_block * BLOCK_N\n'
            yield '            offs_n = start + tl.arange(0, BLOCK_N)[None, :]\n            if INDEX_64:\n                offs_n = offs_n.to(tl.int64)\n            # mask: real rows, and columns before the row end (the last block runs past it).\n            mask_n = offs_n < '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield '\n            mask = mask_rows & mask_n\n'
            for l_2_l in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'loads'):
                _loop_vars = {}
                pass
                yield '            '
                yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'load'), l_2_l, _loop_vars=_loop_vars)), 12))
                yield '\n'
            l_2_l = missing
            for l_2_st in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'steps'):
                _loop_vars = {}
                pass
                yield '            '
                yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 12))
                yield '\n'
            l_2_st = missing
            for l_2_a in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'accs'):
                l_2_accumulate = resolve('accumulate')
                l_2_v = missing
                _loop_vars = {}
                pass
                yield '            # spec: '
                yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
                yield ':'
                yield str(environment.getattr(l_2_a, 'line'))
                yield '\n            # '
                yield str(environment.getattr(l_2_a, 'why'))
                yield '\n'
                l_2_v = str_join(((str_join(('tl.where(mask, ', environment.getattr(l_2_a, 'value'), ', ', environment.getattr(l_2_a, 'init'), ')', )) if environment.getattr(l_2_a, 'masked') else environment.getattr(l_2_a, 'value')), environment.getattr(l_2_a, 'cast'), ))
                _loop_vars['v'] = l_2_v
                yield '            '
                yield str(context.call((undefined(name='accumulate') if l_2_accumulate is missing else l_2_accumulate), environment.getattr(l_2_a, 'fn'), environment.getattr(l_2_a, 'name'), (undefined(name='v') if l_2_v is missing else l_2_v), environment.getattr(l_2_a, 'index'), _loop_vars=_loop_vars))
                yield '\n'
            l_2_a = l_2_v = l_2_accumulate = missing
            for l_2_o in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'online'):
                _loop_vars = {}
                pass
                yield '            # spec: '
                yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
                yield ':'
                yield str(environment.getattr(l_2_o, 'line_m'))
                if environment.getattr(l_2_o, 's_spec'):
                    pass
                    yield ' and '
                    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
                    yield ':'
                    yield str(environment.getattr(l_2_o, 'line_s'))
                yield '\n'
                if environment.getattr(l_2_o, 'masked'):
                    pass
                    yield '            # masked lanes get -inf: they never win the max, and exp(-inf - max) adds 0 to the sum\n            '
                    yield str(environment.getattr(l_2_o, 'input'))
                    yield ' = tl.where(mask, '
                    yield str(environment.getattr(l_2_o, 'value'))
                    yield ', float("-inf"))\n'
                else:
                    pass
                    yield "            # masked lanes hold -inf (the load's other=): they never win the max, and\n            # exp(-inf - max) adds 0 to the sum\n"
                yield '            # (NaN wins the max, as in torch: a row with NaN gets NaN everywhere)\n            '
                yield str(environment.getattr(l_2_o, 'm_new'))
                yield ' = tl.maximum('
                yield str(environment.getattr(l_2_o, 'm_acc'))
                yield ', '
                yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_reduce'), 'max', environment.getattr(l_2_o, 'input'), _loop_vars=_loop_vars))
                yield ', propagate_nan=tl.PropagateNan.ALL)\n            # Shift by the new max; a row that has seen only -inf so far shifts by 0 instead,\n            # since -inf - -inf would be NaN.\n            '
                yield str(environment.getattr(l_2_o, 'shift'))
                yield ' = tl.where('
                yield str(environment.getattr(l_2_o, 'm_new'))
                yield ' == float("-inf"), 0.0, '
                yield str(environment.getattr(l_2_o, 'm_new'))
                yield ")\n            # Rescale the sums kept relative to the old max, then add this block's terms.\n            "
                yield str(environment.getattr(l_2_o, 's_acc'))
                yield ' = '
                yield str(environment.getattr(l_2_o, 's_acc'))
                yield ' * tl.exp('
                yield str(environment.getattr(l_2_o, 'm_acc'))
                yield ' - '
                yield str(environment.getattr(l_2_o, 'shift'))
                yield ') + tl.exp('
                yield str(environment.getattr(l_2_o, 'input'))
                yield ' - '
                yield str(environment.getattr(l_2_o, 'shift'))
                yield ')\n            '
                yield str(environment.getattr(l_2_o, 'm_acc'))
                yield ' = '
                yield str(environment.getattr(l_2_o, 'm_new'))
                yield '\n'
            l_2_o = missing
            for l_2_w in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'moments'):
                _loop_vars = {}
                pass
                yield '            # spec: '
                yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
                yield ':'
                yield str(environment.getattr(l_2_w, 'line_mean'))
                if (environment.getattr(l_2_w, 'line_var') != environment.getattr(l_2_w, 'line_mean')):
                    pass
                    yield ' and '
                    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
                    yield ':'
                    yield str(environment.getattr(l_2_w, 'line_var'))
                yield '\n            # masked lanes take their running mean as the value: a delta of 0 changes nothing\n            '
                yield str(environment.getattr(l_2_w, 'input'))
                yield ' = tl.where(mask, '
                yield str(environment.getattr(l_2_w, 'value'))
                yield ', '
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ')\n            '
                yield str(environment.getattr(l_2_w, 'delta'))
                yield ' = '
                yield str(environment.getattr(l_2_w, 'input'))
                yield ' - '
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield '\n            # This pass walks the row forwards and only the last block is partial, so every lane\n            # not masked here has seen col_block values before: one weight serves them all.\n'
                if (environment.getattr(l_2_w, 'dtype') == 'float32'):
                    pass
                    yield '            '
                    yield str(environment.getattr(l_2_w, 'weight'))
                    yield ' = 1.0 / (col_block + 1.0)\n'
                else:
                    pass
                    yield '            '
                    yield str(environment.getattr(l_2_w, 'weight'))
                    yield ' = 1.0 / (col_block + tl.full((), 1.0, tl.'
                    yield str(environment.getattr(l_2_w, 'dtype'))
                    yield '))\n'
                yield "            # mean + delta * weight; a lane whose mean is already inf keeps it as a weighted\n            # average instead (inf - inf would make it NaN; torch's mean of such a row is inf)\n            "
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ' = tl.where(\n                tl.abs('
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ') == float("inf"),\n                '
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ' * (1.0 - '
                yield str(environment.getattr(l_2_w, 'weight'))
                yield ') + '
                yield str(environment.getattr(l_2_w, 'input'))
                yield ' * '
                yield str(environment.getattr(l_2_w, 'weight'))
                yield ',\n                '
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ' + '
                yield str(environment.getattr(l_2_w, 'delta'))
                yield ' * '
                yield str(environment.getattr(l_2_w, 'weight'))
                yield ',\n            )\n            '
                yield str(environment.getattr(l_2_w, 'm2_acc'))
                yield ' += '
                yield str(environment.getattr(l_2_w, 'delta'))
                yield ' * ('
                yield str(environment.getattr(l_2_w, 'input'))
                yield ' - '
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ')\n'
            l_2_w = missing
            yield '        # Combine the lanes of each row.\n'
            for l_2_a in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'accs'):
                l_2_mean_of = resolve('mean_of')
                _loop_vars = {}
                pass
                if environment.getattr(l_2_a, 'index'):
                    pass
                    yield "        # each lane's best value and its position: the row's best, at its first position\n        "
                    yield str(environment.getattr(l_2_a, 'result'))
                    yield ' = '
                    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_reduce'), environment.getattr(l_2_a, 'fn'), environment.getattr(l_2_a, 'name'), environment.getattr(l_2_a, 'index'), _loop_vars=_loop_vars))
                    yield '\n'
                else:
                    pass
                    yield '        '
                    yield str(environment.getattr(l_2_a, 'result'))
                    yield ' = '
                    yield str(context.call((undefined(name='mean_of') if l_2_mean_of is missing else l_2_mean_of), context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_reduce'), environment.getattr(l_2_a, 'fn'), environment.getattr(l_2_a, 'name'), _loop_vars=_loop_vars), environment.getattr(l_2_a, 'divisor'), _loop_vars=_loop_vars))
                    yield '\n'
                yield '\n'
            l_2_a = l_2_mean_of = missing
            for l_2_o in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'online'):
                _loop_vars = {}
                pass
                yield '        '
                yield str(environment.getattr(l_2_o, 'm_result'))
                yield ' = '
                yield str(environment.getattr(l_2_o, 'm_acc'))
                yield '\n        # A row of only -inf: value - max is -inf - -inf = NaN (as in torch and the single\n        # pass), though the loop shifted by 0 to keep its running sums finite.\n        '
                yield str(environment.getattr(l_2_o, 's_result'))
                yield ' = tl.where(\n            '
                yield str(environment.getattr(l_2_o, 'm_result'))
                yield ' == float("-inf"), float("nan"), tl.sum('
                yield str(environment.getattr(l_2_o, 's_acc'))
                yield ', axis=1, keep_dims=True)\n        )\n'
            l_2_o = missing
            for l_2_w in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'moments'):
                l_2_mean_of = resolve('mean_of')
                l_2_m2 = missing
                _loop_vars = {}
                pass
                yield "        # Welford's lanes combine as in Chan et al. Lane j saw the blocks reaching past column j:\n        # cdiv("
                yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
                yield " - j, BLOCK_N) of them. The row's mean weighs each lane's by that count;\n        # the counts add up to the row width (0 / 0 = NaN for a row of no columns, as torch's\n        # mean). Its M2 is the lanes' M2 plus each lane's count times the squared distance of\n        # its mean from the row's.\n        "
                yield str(environment.getattr(l_2_w, 'count_acc'))
                yield ' = ((tl.maximum('
                yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
                yield ' - tl.arange(0, BLOCK_N)[None, :], 0) + BLOCK_N - 1) // BLOCK_N).to(tl.'
                yield str(environment.getattr(l_2_w, 'dtype'))
                yield ')\n        '
                yield str(environment.getattr(l_2_w, 'mean_result'))
                yield ' = '
                yield str(context.call((undefined(name='mean_of') if l_2_mean_of is missing else l_2_mean_of), str_join(('tl.sum(', environment.getattr(l_2_w, 'mean_acc'), ' * ', environment.getattr(l_2_w, 'count_acc'), ', axis=1, keep_dims=True)', )), environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'), _loop_vars=_loop_vars))
                yield '\n        '
                yield str(environment.getattr(l_2_w, 'distance'))
                yield ' = tl.where('
                yield str(environment.getattr(l_2_w, 'count_acc'))
                yield ' > 0.0, '
                yield str(environment.getattr(l_2_w, 'mean_acc'))
                yield ' - '
                yield str(environment.getattr(l_2_w, 'mean_result'))
                yield ', 0.0)\n'
                l_2_m2 = str_join(('tl.sum(', environment.getattr(l_2_w, 'm2_acc'), ' + ', environment.getattr(l_2_w, 'count_acc'), ' * ', environment.getattr(l_2_w, 'distance'), ' * ', environment.getattr(l_2_w, 'distance'), ', axis=1, keep_dims=True)', ))
                _loop_vars['m2'] = l_2_m2
                yield '        '
                yield str(environment.getattr(l_2_w, 'var_result'))
                yield ' = '
                yield str(context.call((undefined(name='mean_of') if l_2_mean_of is missing else l_2_mean_of), (undefined(name='m2') if l_2_m2 is missing else l_2_m2), environment.getattr(l_2_w, 'divisor'), _loop_vars=_loop_vars))
                yield '\n\n'
            l_2_w = l_2_mean_of = l_2_m2 = missing
        for l_2_st in environment.getattr(l_1_p, 'after'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 8))
            yield '\n'
        l_2_st = missing
    l_1_p = l_1_lp = missing
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'final_stores'):
        pass
        yield '        # ---- Pass '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reads'))
        yield ' of '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reads'))
        yield ' (final): compute and store the row-varying outputs ----\n'
        for (l_1_name, l_1_start, l_1_dtype) in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'final_carries'):
            _loop_vars = {}
            pass
            yield '        # the running value of a scan: the blocks before this one, per row (the row is\n        # walked forwards)\n        '
            yield str(l_1_name)
            yield ' = tl.full([ROWS, 1], '
            yield str(l_1_start)
            yield ', tl.'
            yield str(l_1_dtype)
            yield ')\n'
        l_1_name = l_1_start = l_1_dtype = missing
        yield '        for col_block in tl.range(0, num_col_blocks, num_stages=NUM_STAGES):\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'final_backward'):
            pass
            yield '            # Walk the row backwards: the blocks the previous pass read last are the ones\n            # most likely still in L2.\n            start = (num_col_blocks - 1 - col_block) * BLOCK_N\n'
        else:
            pass
            yield '            start = col_block * BLOCK_N\n'
        yield '            offs_n = start + tl.arange(0, BLOCK_N)[None, :]\n            if INDEX_64:\n                offs_n = offs_n.to(tl.int64)\n            # mask: real rows, and columns before the row end (the last block runs past it).\n            mask_n = offs_n < '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield '\n            mask = mask_rows & mask_n\n            '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'final_outputs'), (undefined(name='k') if l_0_k is missing else l_0_k), environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))), 12))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores'):
        pass
        yield '        # Store the per-row outputs.\n'
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(t_1(t_2(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 8))
        yield '\n'
    l_1_st = missing

blocks = {}
debug_info = '4=28&6=32&7=34&8=41&13=43&14=44&15=45&16=48&19=51&20=54&22=57&25=59&27=62&30=67&32=69&33=72&35=74&36=77&38=79&42=82&47=85&48=87&49=89&50=91&51=95&52=97&53=100&54=106&55=109&56=112&58=119&60=125&62=128&65=133&67=137&69=144&70=148&71=150&73=152&74=156&76=161&77=165&78=167&80=169&81=173&84=179&95=186&97=188&98=192&100=195&101=199&103=202&104=208&105=212&106=214&107=217&109=220&110=224&112=234&114=237&120=245&123=251&125=257&126=269&128=274&129=278&132=288&133=294&136=300&137=303&139=308&143=313&144=315&145=317&146=325&148=331&151=341&152=345&154=348&156=355&160=361&161=365&164=369&165=371&168=376&170=382&174=384&175=390&176=394&177=402&178=405&182=410&183=414&186=418&187=421&188=425&191=429&194=437&205=444&207=446&209=448&212=451&213=455'