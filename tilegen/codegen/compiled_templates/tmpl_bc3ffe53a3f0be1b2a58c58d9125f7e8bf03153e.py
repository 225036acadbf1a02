from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'reduction.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_t = resolve('t')
    l_0_full_stores = resolve('full_stores')
    l_0_exchanges = resolve('exchanges')
    l_0_verb = resolve('verb')
    l_0_w = resolve('w')
    l_0_win = resolve('win')
    l_0_width = resolve('width')
    l_0_sc = l_0_m = l_0_s = l_0_tensors = missing
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
        t_4 = environment.filters['list']
    except KeyError:
        @internalcode
        def t_4(*unused):
            raise TemplateRuntimeError("No filter named 'list' found.")
    try:
        t_5 = environment.filters['map']
    except KeyError:
        @internalcode
        def t_5(*unused):
            raise TemplateRuntimeError("No filter named 'map' found.")
    try:
        t_6 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_7 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
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
    yield '# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel(\n'
    template = environment.get_template('_reduction_kernel_args.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'exchanges': l_0_exchanges, 'full_stores': l_0_full_stores, 'm': l_0_m, 's': l_0_s, 'sc': l_0_sc, 't': l_0_t, 'tensors': l_0_tensors, 'verb': l_0_verb, 'w': l_0_w, 'width': l_0_width, 'win': l_0_win}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    BLOCK_N: tl.constexpr,  # columns per block: the whole row, '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield ' rounded up to a power of two\n    ROWS: tl.constexpr,  # rows per block\n    NUM_STAGES: tl.constexpr,  # software-pipelining depth of the row-block loop\n    PERSISTENT: tl.constexpr,  # fewer programs than row blocks: each loops over several\n    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n'
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align_arg'), (undefined(name='k') if l_0_k is missing else l_0_k)))
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'):
        pass
        yield '    REREAD: tl.constexpr,  # after the reductions, read the row again (from cache) for the outputs\n'
    yield '):\n    # Single pass over rows of ['
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text'))
    yield ']: a [ROWS, BLOCK_N] block of whole rows is\n    # loaded once, every reduction runs over axis 1 in registers, and the outputs are stored once.\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'):
        pass
        yield '    # With REREAD the row is let go after the reductions and loaded again for the outputs:\n    # a second read, from L1/L2, instead of holding the row in registers throughout.\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
        pass
        yield '    '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align'), (undefined(name='k') if l_0_k is missing else l_0_k))), 4))
        yield '\n'
    yield '    pid = tl.program_id(0)\n    num_programs = tl.num_programs(0)\n    num_row_blocks = tl.cdiv(n_rows, ROWS)\n    # Columns: one block spans the whole row; mask_n drops the lanes past the row end.\n    offs_n = tl.arange(0, BLOCK_N)[None, :]\n    if INDEX_64:\n        offs_n = offs_n.to(tl.int64)\n    mask_n = offs_n < '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield '\n    '
    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_blocks'), 'tl.range', ', num_stages=NUM_STAGES')), 4))
    yield '\n        '
    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_setup'), (undefined(name='k') if l_0_k is missing else l_0_k))), 8))
    yield '\n        # mask: real rows and real columns; the loads and stores use it.\n        mask = mask_rows & mask_n\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_loads'):
        pass
        yield '        # Load the whole row block once.\n'
    for l_1_l in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_loads'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'load'), l_1_l, _loop_vars=_loop_vars)), 8))
        yield '\n'
    l_1_l = missing
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_steps'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_1_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 8))
        yield '\n'
    l_1_st = missing
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'):
        pass
        yield '        if REREAD:\n            # The row again, for the outputs: recompute the row-varying values from it.\n            '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'final_outputs'), (undefined(name='k') if l_0_k is missing else l_0_k), environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))), 12))
        yield '\n        else:\n'
        for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_tail'):
            _loop_vars = {}
            pass
            yield '            '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_1_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 12))
            yield '\n'
        l_1_st = missing
        yield '            # Store each output, cast to its declared type.\n'
        for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_stores'):
            _loop_vars = {}
            pass
            yield '            '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 12))
            yield '\n'
        l_1_st = missing
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores'):
            pass
            yield '        # Store the per-row outputs.\n'
        for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 8))
            yield '\n'
        l_1_st = missing
    else:
        pass
        yield '        # Store each output, cast to its declared type.\n'
        for l_1_st in (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'single_stores') + environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores')):
            _loop_vars = {}
            pass
            yield '        '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 8))
            yield '\n'
        l_1_st = missing
    yield '\n\n# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_looped_kernel(\n'
    template = environment.get_template('_reduction_kernel_args.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'exchanges': l_0_exchanges, 'full_stores': l_0_full_stores, 'm': l_0_m, 's': l_0_s, 'sc': l_0_sc, 't': l_0_t, 'tensors': l_0_tensors, 'verb': l_0_verb, 'w': l_0_w, 'width': l_0_width, 'win': l_0_win}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    BLOCK_N: tl.constexpr,  # columns per block; each pass walks the row in cdiv('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield ', BLOCK_N) blocks\n    ROWS: tl.constexpr,  # rows per block\n    NUM_STAGES: tl.constexpr,  # software-pipelining depth of the column-block loops\n    PERSISTENT: tl.constexpr,  # fewer programs than row blocks: each loops over several\n    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n'
    yield str(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align_arg'), (undefined(name='k') if l_0_k is missing else l_0_k)))
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fixed_width'):
        pass
        yield '    COLS: tl.constexpr,  # the row width, where the launcher compiles for one (0: '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' at run time)\n'
    yield '):\n    # Looped over rows of ['
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
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
        pass
        yield '    '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align'), (undefined(name='k') if l_0_k is missing else l_0_k))), 4))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fixed_width'):
        pass
        yield '    if COLS:\n        # Compiled for rows of COLS columns: with the width a constant the column loops\n        # have a known trip count and the offset and mask arithmetic folds where it can.\n        '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' = COLS\n'
    yield '    pid = tl.program_id(0)\n    num_programs = tl.num_programs(0)\n    num_row_blocks = tl.cdiv(n_rows, ROWS)\n    num_col_blocks = tl.cdiv('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield ', BLOCK_N)\n    '
    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_blocks'), 'range')), 4))
    yield '\n        '
    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_setup'), (undefined(name='k') if l_0_k is missing else l_0_k))), 8))
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
                yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'load'), l_2_l, _loop_vars=_loop_vars)), 12))
                yield '\n'
            l_2_l = missing
            for l_2_st in environment.getattr((undefined(name='lp') if l_1_lp is missing else l_1_lp), 'steps'):
                _loop_vars = {}
                pass
                yield '            '
                yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 12))
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
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 8))
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
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'final_outputs'), (undefined(name='k') if l_0_k is missing else l_0_k), environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))), 12))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores'):
        pass
        yield '        # Store the per-row outputs.\n'
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_stores'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 8))
        yield '\n'
    l_1_st = missing
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
        template = environment.get_template('_reduction_kernel_args.py.j2', 'reduction.py.j2')
        gen = template.root_render_func(template.new_context(context.get_all(), True, {'exchanges': l_0_exchanges, 'full_stores': l_0_full_stores, 'm': l_0_m, 's': l_0_s, 'sc': l_0_sc, 't': l_0_t, 'tensors': l_0_tensors, 'verb': l_0_verb, 'w': l_0_w, 'width': l_0_width, 'win': l_0_win}))
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
        if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window'):
            pass
            yield "    WINDOW: tl.constexpr,  # 1, or a 16-byte vector's elements: segments start at the boundary before the row\n"
        yield '):\n    # Rows of ['
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text'))
        yield "] too wide for one program, each shared by a team of TEAM\n    # programs: each holds one BLOCK_N-column segment in registers, so the row is read once.\n    # Each pass of the looped kernel becomes an exchange: every program reduces its segment,\n    # publishes the partial results, reads the whole team's and combines them. The programs\n    # of a team wait for each other: the launcher picks this kernel only where they can all\n    # be resident at once (tilegen.runtime.reduction.team_fits).\n"
        if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
            pass
            yield '    '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
            yield '\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
            pass
            yield '    '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align'), (undefined(name='k') if l_0_k is missing else l_0_k))), 4))
            yield '\n'
        yield '    pid = tl.program_id(0)\n    # Program pid holds segment seg of row row_block: a team is TEAM consecutive programs.\n    row_block = pid // TEAM\n    seg = pid % TEAM\n    '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'row_setup'), (undefined(name='k') if l_0_k is missing else l_0_k))), 4))
        yield "\n    # Columns: this program's segment; mask_n drops the lanes past the row end.\n    offs_n = seg * BLOCK_N + tl.arange(0, BLOCK_N)[None, :]\n    if INDEX_64:\n        offs_n = offs_n.to(tl.int64)\n    mask_n = offs_n < "
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield '\n'
        l_0_full_stores = t_4(context.eval_ctx, t_6(context, environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'stores'), 'mask', 'equalto', 'mask'))
        context.vars['full_stores'] = l_0_full_stores
        context.exported_vars.add('full_stores')
        if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window'):
            pass
            yield '    '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'window_columns'), (undefined(name='k') if l_0_k is missing else l_0_k), environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window'), (undefined(name='full_stores') if l_0_full_stores is missing else l_0_full_stores))), 4))
            yield '\n'
        else:
            pass
            yield '    mask = mask_rows & mask_n\n'
        yield '    # Load the segment once. Lanes past the row end'
        yield str((' (and, with WINDOW, before its start)' if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') else cond_expr_undefined("the inline if-expression on line 332 in 'reduction.py.j2' evaluated to false and no else section was defined.")))
        yield "\n    # hold the loads' other= value; each reduction below says whether it relies on that\n    # value or masks those lanes itself.\n"
        for l_1_l in environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'loads'):
            _loop_vars = {}
            pass
            if (environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') and (environment.getattr(l_1_l, 'mask') == 'mask')):
                pass
                yield '    '
                yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'window_load'), l_1_l, _loop_vars=_loop_vars)), 4))
                yield '\n'
            else:
                pass
                yield '    '
                yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'load'), l_1_l, _loop_vars=_loop_vars)), 4))
                yield '\n'
        l_1_l = missing
        l_0_exchanges = t_3(t_4(context.eval_ctx, t_6(context, environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'passes'), 'words')))
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
                    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
                    yield '\n'
                l_2_st = missing
                for l_2_st in environment.getattr(l_1_tp, 'partials'):
                    _loop_vars = {}
                    pass
                    yield '    '
                    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
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
                    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
                    yield '\n'
                l_2_st = missing
            for l_2_st in environment.getattr(l_1_tp, 'after'):
                _loop_vars = {}
                pass
                yield '    '
                yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_2_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
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
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'step'), l_1_st, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'), _loop_vars=_loop_vars)), 4))
            yield '\n'
        l_1_st = missing
        for l_1_st in environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'stores'):
            _loop_vars = {}
            pass
            if (environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') and (environment.getattr(l_1_st, 'mask') == 'mask')):
                pass
                yield '    '
                yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'window_store'), l_1_st, _loop_vars=_loop_vars)), 4))
                yield '\n'
            else:
                pass
                yield '    '
                yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 4))
                yield '\n'
        l_1_st = missing
        if (environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'window') and (undefined(name='full_stores') if l_0_full_stores is missing else l_0_full_stores)):
            pass
            yield '    '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'window_edges'), (undefined(name='k') if l_0_k is missing else l_0_k), (undefined(name='t') if l_0_t is missing else l_0_t), environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))), 4))
            yield '\n'
        if environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'row_stores'):
            pass
            yield '    # Per-row outputs: every program of the team holds them; the first one stores them.\n    if seg == 0:\n'
        for l_1_st in environment.getattr((undefined(name='t') if l_0_t is missing else l_0_t), 'row_stores'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'store'), l_1_st, _loop_vars=_loop_vars)), 8))
            yield '\n'
        l_1_st = missing
    yield '\n\n# Launch table for '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield ', keyed by the row width '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'col_dim'))
    yield ': the first entry with\n# '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield ' <= max_n wins (None: any width). These are tilegen\'s defaults\n# (tilegen/lower/reduction/launch.py); a `schedule { }` in the spec pins entries.\n#   strategy  "single": '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel, whole rows in registers, read once;\n#             "looped": '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_looped_kernel, reads each row '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reads_text'))
    yield ', in blocks\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'):
        pass
        yield '#             "reread" (at '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_reread'))
        yield ' columns): '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_kernel with REREAD, whole\n#             rows in registers through the reductions, then read again (from cache) for\n#             the outputs (REREAD_CHAINED_AT in tilegen/lower/reduction/launch.py; not a schedule value)\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'):
        pass
        yield '#             "team": '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_team_kernel, cdiv('
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ', BLOCK_N) programs per row, each\n#             holding one BLOCK_N-column segment, read once (looped where a team cannot run)\n'
    yield '#   BLOCK_N   columns per block (0: '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield " rounded up to a power of two)\n#   ROWS      rows per program\n#   warps     num_warps\n#   per_sm    persistent grid: this many programs per SM loop over the row blocks\n#             (0: one program per row block)\n#   stages    software-pipelining depth of the kernel's loops (1: none)\n"
    if (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_reread') and (not environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'))):
        pass
        yield '# strategy is looped at '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_reread'))
        yield " columns: no reduction of this kernel needs\n# another's result, so its first loop keeps only running sums (not the row) and the final\n# loop reads the row again, from cache (REREAD_AT in tilegen/lower/reduction/launch.py).\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'):
        pass
        yield '# The max_n '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'))
        yield ' entries (_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield "_padded) run looped: their rows would fill at\n# most 3/4 of the next entry's power-of-two block, so they run in chunks, padded less\n# (PADDED_SHARE in tilegen/lower/reduction/launch.py). The launcher sizes the chunks to how\n# the rows load: the entry's own ("
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'padded_warps'))
        yield " warps in this kernel), 2048 columns of 8 warps\n# or 512 of 4 (tilegen.runtime.reduction.padded_chunk). Over fewer row blocks than SMs a row's\n# latency is the kernel's time: the launcher skips them there and takes the next entry\n# (tilegen.runtime.reduction.few_row_blocks).\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'):
        pass
        yield "# A team's segments are BLOCK_N columns, or half as many where the rows load element by\n# element or the teams are fewer programs than the SMs, and the larger team fits the SMs\n# (tilegen.runtime.reduction.team_block).\n"
    if (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') and environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'window')):
        pass
        yield '# Where the rows do not start on 16-byte boundaries the segments start at the boundary\n# before the row and move whole vectors (WINDOW: tilegen.runtime.reduction.row_window).\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_narrow'):
        pass
        yield '# At the max_n '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_narrow'))
        yield ' entries (_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield "_narrow) the launcher sizes ROWS from the row: this\n# kernel's online max-and-sum chains two reductions and an exp per element, and blocks of 4\n# values a thread (8 where the row fills its block in vectors) let more programs overlap their\n# latencies (ONLINE_NARROW_AT in tilegen/lower/reduction/launch.py,\n# tilegen.runtime.reduction.narrow_rows).\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_welford'):
        pass
        yield '# strategy is looped at '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_welford'))
        yield " columns: this kernel's variance joins its mean's\n# pass (Welford), so the looped kernel reads the row only twice: once for the mean and the\n# variance, once (from cache) for the outputs (WELFORD_LOOPED_AT in tilegen/lower/reduction/launch.py).\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_fewer_warps'):
        pass
        yield '# num_warps is below the defaults at '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_fewer_warps'))
        yield " columns: this kernel's reductions\n# chain (one needs another's result), and each link is an exchange across warps, cheaper\n# with fewer of them (CHAINED_HALVE_AT in tilegen/lower/reduction/launch.py).\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_more_warps'):
        pass
        yield '# num_warps is above the defaults at '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_more_warps'))
        yield " columns: with the defaults a thread\n# would hold more than REGISTER_BUDGET (tilegen/lower/reduction/launch.py) values of this kernel's\n# "
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_inputs'))
        yield ' row-sized inputs through its reductions.\n'
    yield '_'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launch_table = (\n    # max_n, strategy, BLOCK_N, ROWS, warps, per_sm, stages\n'
    for l_1_row in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table'):
        _loop_vars = {}
        pass
        yield '    ('
        yield str(t_2(context.eval_ctx, l_1_row, ', '))
        yield '),\n'
    l_1_row = missing
    yield ')\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'):
        pass
        yield '_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded = ('
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'))
        yield ',)  # max_n of the entries for rows mostly padding\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_narrow'):
        pass
        yield '_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_narrow = ('
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_narrow'))
        yield ',)  # max_n of the entries whose ROWS follow the row (narrow_rows)\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fixed_width'):
        pass
        yield '# Row widths '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_looped_kernel has been compiled for (tilegen.runtime.reduction.fixed_width).\n_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_widths = set()\n'
    yield '\n\n'
    template = environment.get_template('_launcher_head.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'exchanges': l_0_exchanges, 'full_stores': l_0_full_stores, 'm': l_0_m, 's': l_0_s, 'sc': l_0_sc, 't': l_0_t, 'tensors': l_0_tensors, 'verb': l_0_verb, 'w': l_0_w, 'width': l_0_width, 'win': l_0_win}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    n_rows = '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'n_rows'))
    yield '\n    if '
    l_1_loop = missing
    for l_1_t, l_1_loop in LoopContext(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), undefined):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_t, 'name'))
        yield '.numel() == 0'
        yield str((' and ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 480 in 'reduction.py.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_t = missing
    yield ':\n        # Nothing to compute: return the (empty) outputs without launching.\n        return '
    yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'col_outputs'):
        pass
        yield '    if n_rows == 0:\n        # No rows, so no row block to write the per-column '
        yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'col_outputs'), ', '))
        yield ': the reference computes them.\n        for _out, _value in zip(('
        yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
        yield ',), '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_reference('
        yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params'), attribute='name'), ', '))
        yield ')):\n            _out.copy_(_value)\n        return '
        yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
        yield '\n'
    if (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes') and (not context.call(environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'), 'isdigit')))):
        pass
        l_0_verb = ('have' if (' and ' in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes')) else 'has')
        context.vars['verb'] = l_0_verb
        context.exported_vars.add('verb')
        yield '    if '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' == 0:\n        # Rows of no columns: their sum is 0 and their mean 0 / 0 = NaN, as in torch, but\n        # '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes'))
        yield ' of an empty row '
        yield str((undefined(name='verb') if l_0_verb is missing else l_0_verb))
        yield ' no value (torch raises too).\n        raise ValueError(\n            f"'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '(): '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'extremes'))
        yield ' of an empty row '
        yield str((undefined(name='verb') if l_0_verb is missing else l_0_verb))
        yield ' no value: "\n            f"parameter \''
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_param'))
        yield "' has "
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'col_dim'))
        yield ' = 0 columns (shape {tuple('
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_param'))
        yield '.shape)})"\n        )\n'
    yield '    for max_n, strategy, BLOCK_N, ROWS, num_warps, per_sm, stages in _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launch_table:\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'):
        pass
        yield '        if max_n is None or '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' <= max_n:\n            # An entry for rows mostly padding (_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded) only where the rows fill the SMs.\n            if not (max_n in _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded and _reduction.few_row_blocks(device, n_rows)):\n                break\n    if strategy == "looped" and max_n in _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded:\n        # Chunks sized to how the rows load: whole 16-byte vectors, element by element, or between.\n        BLOCK_N, num_warps = _reduction.padded_chunk(\n            '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ', BLOCK_N, num_warps, '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_itemsize'))
        yield ', '
        yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'), ', '))
        yield '\n        )\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_narrow'):
            pass
            yield '    if strategy == "single" and max_n in _'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '_narrow:\n        # Narrow rows: blocks of 4 or 8 values a thread, by whether the row fills its block.\n        ROWS = _reduction.narrow_rows('
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield ', ROWS, num_warps, '
            yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'), ', '))
            yield ')\n'
    else:
        pass
        yield '        if max_n is None or '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' <= max_n:\n            break\n'
    if (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pins') or environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pinned_block_n')):
        pass
        yield "    # Pinned by the spec's schedule { }.\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pinned_block_n'):
        pass
        yield '    strategy, BLOCK_N = ("single", 0) if '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' <= '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pinned_block_n'))
        yield ' else ("looped", '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pinned_block_n'))
        yield ')\n'
    for (l_1_var, l_1_value) in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pins'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(l_1_var)
        yield ' = '
        yield str(l_1_value)
        yield '\n'
    l_1_var = l_1_value = missing
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'):
        pass
        yield '    if strategy == "team":\n'
        l_0_w = environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'window')
        context.vars['w'] = l_0_w
        context.exported_vars.add('w')
        if (undefined(name='w') if l_0_w is missing else l_0_w):
            pass
            yield '        # Rows that do not start and end on 16-byte boundaries, alike in every row-sized\n        # tensor: segments from the boundary before the row (tilegen.runtime.reduction.row_window).\n        WINDOW = _reduction.row_window(\n            '
            yield str(environment.getattr((undefined(name='w') if l_0_w is missing else l_0_w), 'vector'))
            yield ',\n            '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield ',\n            ('
            yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='w') if l_0_w is missing else l_0_w), 'col_strides'), ', '))
            yield ',),\n            ('
            yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='w') if l_0_w is missing else l_0_w), 'misaligned'), ', '))
            yield ',),\n'
            for l_1_strides in environment.getattr((undefined(name='w') if l_0_w is missing else l_0_w), 'row_strides'):
                _loop_vars = {}
                pass
                yield '            ('
                yield str(t_2(context.eval_ctx, l_1_strides, ', '))
                yield ',),\n'
            l_1_strides = missing
            yield '        )\n'
        l_0_win = ('WINDOW' if (undefined(name='w') if l_0_w is missing else l_0_w) else '1')
        context.vars['win'] = l_0_win
        context.exported_vars.add('win')
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team_block'):
            pass
            yield '        # Rows loaded element by element, or too few programs to fill the SMs: segments of\n        # fewer columns (tilegen.runtime.reduction.team_block).\n        BLOCK_N = _reduction.team_block(\n            device, '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield ', BLOCK_N, '
            yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'), ', '))
            yield str((', ' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides') else cond_expr_undefined("the inline if-expression on line 550 in 'reduction.py.j2' evaluated to false and no else section was defined.")))
            yield 'n_rows=n_rows, window='
            yield str((undefined(name='win') if l_0_win is missing else l_0_win))
            yield '\n        )\n'
        l_0_width = (str_join((environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'), ' + WINDOW - 1', )) if (undefined(name='w') if l_0_w is missing else l_0_w) else environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        context.vars['width'] = l_0_width
        context.exported_vars.add('width')
        if (undefined(name='w') if l_0_w is missing else l_0_w):
            pass
            yield '        # A segment may start up to WINDOW - 1 elements before its row.\n'
        yield '        TEAM = _args.cdiv('
        yield str((undefined(name='width') if l_0_width is missing else l_0_width))
        yield ', BLOCK_N)\n        if device.type != "cuda" and _args.next_power_of_2('
        yield str((undefined(name='width') if l_0_width is missing else l_0_width))
        yield ") <= 1 << 20:\n            # The interpreter runs programs one after another, so none could wait for\n            # another: a team of one program holding the whole row (Triton's largest block).\n            TEAM, BLOCK_N = 1, _args.next_power_of_2("
        yield str((undefined(name='width') if l_0_width is missing else l_0_width))
        yield ')\n        if _reduction.team_fits(device, TEAM):\n            ws, epoch = _reduction.team_workspace(device, n_rows * '
        yield str(environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'words'))
        yield ' * TEAM)\n            # '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_team_kernel[grid](...) through tilegen.runtime.launch: straight to the compiled kernel\n            # once Triton has compiled it for arguments of these classes.\n            _fast.launch(\n                '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_team_kernel,\n                (n_rows * TEAM,),\n                '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'launch_args'), (undefined(name='s') if l_0_s is missing else l_0_s), (undefined(name='k') if l_0_k is missing else l_0_k), (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors))), 16))
        yield '\n                ws,\n                epoch,\n                BLOCK_N=BLOCK_N,\n                TEAM=TEAM,\n                TEAM_P2=_args.next_power_of_2(TEAM),\n                ROWS=1,\n                # 64-bit also when the workspace index (row_block * W + w0) * TEAM + ... may pass 2**31'
        yield str((",\n                # or the whole vectors past the last row's end do" if (undefined(name='w') if l_0_w is missing else l_0_w) else cond_expr_undefined("the inline if-expression on line 576 in 'reduction.py.j2' evaluated to false and no else section was defined.")))
        yield '.\n                INDEX_64=_args.needs_int64('
        yield str(t_2(context.eval_ctx, t_5(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
        yield str((', margin=WINDOW - 1' if (undefined(name='w') if l_0_w is missing else l_0_w) else cond_expr_undefined("the inline if-expression on line 578 in 'reduction.py.j2' evaluated to false and no else section was defined.")))
        yield ')\n                or (n_rows + 2) * '
        yield str(environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'words'))
        yield ' * _args.next_power_of_2(TEAM) >= 2**31,\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
            pass
            yield '                '
            yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align_launch'), (undefined(name='k') if l_0_k is missing else l_0_k))), 16))
            yield '\n'
        if (undefined(name='w') if l_0_w is missing else l_0_w):
            pass
            yield '                WINDOW=WINDOW,\n'
        yield '                num_warps=num_warps,\n            )\n            return '
        yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
        yield '\n        # See tilegen.runtime.reduction.team_fits: the looped kernel instead.\n        strategy, BLOCK_N, ROWS, num_warps, per_sm, stages = '
        yield str(t_2(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'fallback'), ', '))
        yield '\n'
    yield '    if strategy '
    yield str(('in ("single", "reread")' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread') else '== "single"'))
    yield ':\n        # The block holds the whole row.\n        BLOCK_N = max(BLOCK_N, _args.next_power_of_2('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield '))\n    elif BLOCK_N == 0:\n        BLOCK_N = min(_args.next_power_of_2('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
    yield '), 4096)\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fill_rows'):
        pass
        yield '    if strategy == "single" and not per_sm:\n        # Fewer row blocks than the SMs hold at once: fewer rows a program, down to 8\n        # values a thread, so that more programs hide each other\'s latency\n        # (tilegen.runtime.reduction.rows_to_fill).\n        ROWS = _reduction.rows_to_fill(device, n_rows, ROWS, BLOCK_N, num_warps)\n'
    yield '    # n_rows > 0 here (no rows: every output but the per-column ones is empty, above).\n    num_row_blocks = _args.cdiv(n_rows, ROWS)\n    grid = (num_row_blocks,)\n    if per_sm:\n        # Persistent grid: per_sm programs per SM, each looping over row blocks.\n        n_sms = _reduction.sm_count(device) if device.type == "cuda" else 1\n        grid = (min(num_row_blocks, per_sm * n_sms),)\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'latency_warps'):
        pass
        yield '    if strategy == "single":\n        # Fewer row blocks than SMs: a row\'s latency is the kernel\'s time, and more warps\n        # share its work (tilegen.runtime.reduction.few_rows_warps).\n        num_warps = _reduction.few_rows_warps(device, num_row_blocks, ROWS * BLOCK_N, num_warps)\n'
    yield '    if strategy '
    yield str(('in ("single", "reread")' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread') else '== "single"'))
    yield ':\n        kernel = '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reread'):
        pass
        yield '        # "reread": the single pass, reading the row again for the outputs (REREAD).\n        extra = dict(REREAD=strategy == "reread")\n'
    else:
        pass
        yield '        extra = {}\n'
    yield '    else:\n        kernel = '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_looped_kernel\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fixed_width'):
        pass
        yield '        # The row width as a compile-time constant for the first widths launched (tilegen.runtime.reduction.fixed_width).\n        extra = dict(COLS=_reduction.fixed_width(_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_widths, '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield '))\n'
    else:
        pass
        yield '        extra = {}\n'
    yield '    # kernel[grid](...) through tilegen.runtime.launch: straight to the compiled kernel\n    # once Triton has compiled it for arguments of these classes.\n    _fast.launch(\n        kernel,\n        grid,\n        '
    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'launch_args'), (undefined(name='s') if l_0_s is missing else l_0_s), (undefined(name='k') if l_0_k is missing else l_0_k), (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors))), 8))
    yield "\n        BLOCK_N=BLOCK_N,\n        ROWS=ROWS,\n        NUM_STAGES=stages,\n        PERSISTENT=grid[0] < num_row_blocks,\n        # 64-bit also when the last row block's rows (row_block * ROWS + ROWS - 1) pass 2**31.\n        INDEX_64=_args.needs_int64("
    yield str(t_2(context.eval_ctx, t_5(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
    yield ') or num_row_blocks * ROWS > 2**31,\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
        pass
        yield '        '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align_launch'), (undefined(name='k') if l_0_k is missing else l_0_k))), 8))
        yield '\n'
    yield '        num_warps=num_warps,\n        **extra,\n    )\n    return '
    yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n\n\n'
    template = environment.get_template('_reference.py.j2', 'reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'exchanges': l_0_exchanges, 'full_stores': l_0_full_stores, 'm': l_0_m, 's': l_0_s, 'sc': l_0_sc, 't': l_0_t, 'tensors': l_0_tensors, 'verb': l_0_verb, 'w': l_0_w, 'width': l_0_width, 'win': l_0_win}))
    try:
        for event in gen:
            yield event
    finally: gen.close()

blocks = {}
debug_info = '1=62&2=64&3=66&4=69&5=73&7=77&8=79&9=86&14=88&15=89&19=93&21=95&25=98&26=101&28=103&29=106&38=109&39=111&40=113&43=115&46=118&47=122&49=125&50=129&52=132&55=135&57=137&58=141&61=145&62=149&64=152&67=155&68=159&72=165&73=169&78=173&80=177&81=179&82=186&87=188&88=189&89=192&92=195&95=197&97=200&100=205&102=207&103=210&105=212&106=215&108=217&112=220&117=223&118=225&119=227&120=229&121=233&122=235&123=238&124=244&125=247&126=250&128=257&130=263&132=266&135=271&137=275&139=282&140=286&141=288&143=290&144=294&146=299&147=303&148=305&150=307&151=311&154=317&165=324&167=326&168=330&170=333&171=337&173=340&174=346&175=350&176=352&177=355&179=358&180=362&182=372&184=375&190=383&193=389&195=395&196=407&198=412&199=416&202=426&203=432&206=438&207=441&209=446&213=451&214=453&215=455&216=463&218=469&221=479&222=483&224=486&226=493&230=499&231=503&234=507&235=509&238=514&240=520&244=522&245=528&246=532&247=540&248=543&252=548&253=552&256=556&257=559&258=563&261=567&264=575&275=582&277=584&279=586&282=589&283=593&284=596&285=598&288=602&290=606&291=608&292=615&295=617&299=619&300=620&304=624&310=626&311=629&313=631&314=634&320=637&325=639&326=641&327=644&328=647&332=653&335=655&336=658&337=661&339=666&342=669&343=672&344=675&345=678&346=684&347=688&349=691&350=695&352=698&353=701&354=703&359=709&361=717&362=721&365=724&366=728&369=732&372=735&373=739&375=742&376=745&377=748&379=753&382=756&383=759&385=761&389=764&390=768&395=772&396=776&398=778&399=780&400=784&401=787&405=791&406=794&409=799&415=801&416=804&420=806&421=809&424=813&429=815&434=818&438=821&439=824&445=828&446=831&450=833&451=836&455=838&456=841&458=843&460=846&462=848&463=852&466=856&467=859&469=863&470=866&472=870&473=873&474=875&478=878&479=885&480=888&482=896&483=898&485=901&486=903&488=909&490=911&491=913&492=917&494=919&496=923&497=929&500=936&501=938&502=941&503=943&504=945&506=947&509=949&511=955&512=958&514=960&517=967&520=969&523=972&524=975&526=981&527=985&529=990&531=993&532=996&536=999&537=1001&538=1003&539=1005&540=1007&541=1011&545=1015&546=1018&550=1021&553=1028&554=1031&557=1035&558=1037&561=1039&563=1041&564=1043&567=1045&569=1047&576=1049&578=1051&579=1054&580=1056&581=1059&583=1061&588=1065&590=1067&592=1070&594=1072&596=1074&597=1076&611=1080&617=1084&618=1086&619=1088&626=1095&627=1097&629=1100&638=1108&644=1110&645=1112&646=1115&651=1118&654=1120'