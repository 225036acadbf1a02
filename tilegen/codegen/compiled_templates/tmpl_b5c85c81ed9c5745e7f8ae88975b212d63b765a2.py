from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'axis_reduction.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_sc = l_0_loops = l_0_s = l_0_tensors = l_0_r_axis = l_0_k_axis = l_0_tile = l_0_loads = l_0_kept_block = l_0_epilogue = l_0_kernel_args = l_0_launch_args = missing
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
    def macro(l_1_list, l_1_mask):
        t_5 = []
        if l_1_list is missing:
            l_1_list = undefined("parameter 'list' was not provided", name='list')
        if l_1_mask is missing:
            l_1_mask = undefined("parameter 'mask' was not provided", name='mask')
        pass
        for l_2_load in l_1_list:
            _loop_vars = {}
            pass
            if environment.getattr(l_2_load, 'upcast'):
                pass
                t_5.extend((
                    str(environment.getattr(environment.getattr(l_2_load, 'tensor'), 'name')),
                    ' = ',
                    str(environment.getitem(environment.getattr(l_2_load, 'upcast'), 0)),
                    'tl.load(',
                    str(environment.getattr(environment.getattr(l_2_load, 'tensor'), 'name')),
                    '_ptr + ',
                    str(environment.getattr(l_2_load, 'offs')),
                    ', mask=',
                    str(l_1_mask),
                    ', other=',
                    str(environment.getattr(l_2_load, 'other')),
                    ')',
                    str(environment.getitem(environment.getattr(l_2_load, 'upcast'), 1)),
                    '\n',
                ))
            else:
                pass
                t_5.extend((
                    str(environment.getattr(environment.getattr(l_2_load, 'tensor'), 'name')),
                    ' = tl.load(',
                    str(environment.getattr(environment.getattr(l_2_load, 'tensor'), 'name')),
                    '_ptr + ',
                    str(environment.getattr(l_2_load, 'offs')),
                    ', mask=',
                    str(l_1_mask),
                    ', other=',
                    str(environment.getattr(l_2_load, 'other')),
                    ')\n',
                ))
        l_2_load = missing
        return concat(t_5)
    context.exported_vars.add('loads')
    context.vars['loads'] = l_0_loads = Macro(environment, macro, 'loads', ('list', 'mask'), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_6 = []
        pass
        t_6.append(
            'offs_k = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)\nif INDEX_64:\n    offs_k = offs_k.to(tl.int64)\n# mask_k: the last block of kept elements runs past n_kept.\nmask_k = offs_k < n_kept\n',
        )
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_steps'):
            pass
            t_6.extend((
                '# Split the kept index into one index per kept dimension of [',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_text')),
                '], innermost first.\n',
                str(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'offs_k', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_steps'))),
            ))
        return concat(t_6)
    context.exported_vars.add('kept_block')
    context.vars['kept_block'] = l_0_kept_block = Macro(environment, macro, 'kept_block', (), False, False, False, context.eval_ctx.autoescape)
    def macro():
        t_7 = []
        pass
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'epilogue_loads'):
            pass
            t_7.extend((
                '# The inputs the statements after the reductions read, one value per kept element.\n',
                str(context.call((undefined(name='loads') if l_0_loads is missing else l_0_loads), environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'epilogue_loads'), 'mask_k')),
            ))
        for l_2_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'epilogue_statements'):
            _loop_vars = {}
            pass
            t_7.extend((
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
        t_7.append(
            '# Store each output, cast to its declared type, under the kept mask.\n',
        )
        for l_2_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'stores'):
            _loop_vars = {}
            pass
            t_7.extend((
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
        return concat(t_7)
    context.exported_vars.add('epilogue')
    context.vars['epilogue'] = l_0_epilogue = Macro(environment, macro, 'epilogue', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_finish):
        t_8 = []
        if l_1_finish is missing:
            l_1_finish = undefined("parameter 'finish' was not provided", name='finish')
        pass
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
            _loop_vars = {}
            pass
            t_8.extend((
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
            t_8.extend((
                '    ',
                str(t_1(t_4(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'params'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4)),
                '\n',
            ))
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
            _loop_vars = {}
            pass
            t_8.extend((
                '    ',
                str(environment.getattr(l_2_t, 'name')),
                '_ptr,  # ',
                str(environment.getattr(environment.getattr(l_2_t, 'dtype'), 'name')),
                '[',
                str(environment.getattr(l_2_t, 'dims_text')),
                '], output\n',
            ))
        l_2_t = missing
        for l_2_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
            _loop_vars = {}
            pass
            t_8.extend((
                '    ',
                str(environment.getattr(l_2_r, 'name')),
                '_part_ptr,  # ',
                str(environment.getattr(l_2_r, 'dtype')),
                "[SPLIT, n_kept]: each slice's partial ",
                str(environment.getattr(l_2_r, 'name')),
                ' (SPLIT > 1)\n',
            ))
        l_2_r = missing
        t_8.extend((
            '    n_kept,  # elements of each output: ',
            str((t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept'), ' * ') or '1 (0-d outputs)')),
            '\n    n_reduced,  # elements reduced into each: ',
            str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced'), ' * ')),
            '\n',
        ))
        if (not l_1_finish):
            pass
            t_8.append(
                '    r_per_split,  # reduced elements each slice covers (a multiple of BLOCK_R)\n',
            )
        for l_2_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
            _loop_vars = {}
            pass
            t_8.extend((
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
                t_8.extend((
                    '    ',
                    str(l_3_stride),
                    ',\n',
                ))
            l_3_axis = l_3_stride = missing
        l_2_t = missing
        t_8.extend((
            '    SPLIT,  # ',
            str(('how many slices wrote partial results' if l_1_finish else 'programs sharing a block of kept elements, each over one slice of the reduced ones')),
            '\n',
        ))
        if l_1_finish:
            pass
            t_8.append(
                '    BLOCK_S: tl.constexpr,  # slices combined per step\n',
            )
        else:
            pass
            t_8.append(
                '    BLOCK_R: tl.constexpr,  # reduced elements per tile step\n',
            )
        t_8.append(
            '    BLOCK_K: tl.constexpr,  # kept elements per program\n',
        )
        if (not l_1_finish):
            pass
        t_8.append(
            '    INDEX_64: tl.constexpr,  # some offset needs 64 bits (2**31 elements or more)\n',
        )
        return concat(t_8)
    context.exported_vars.add('kernel_args')
    context.vars['kernel_args'] = l_0_kernel_args = Macro(environment, macro, 'kernel_args', ('finish',), False, False, False, context.eval_ctx.autoescape)
    yield '# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel(\n'
    yield str(context.call((undefined(name='kernel_args') if l_0_kernel_args is missing else l_0_kernel_args), False))
    yield '):\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_4(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    yield '    # Program (pid_k, pid_r) reduces ['
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_text'))
    yield '] for kept elements [pid_k * BLOCK_K, (pid_k + 1) * BLOCK_K) of\n    # ['
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_text'))
    yield '], over slice pid_r of the reduced elements: [pid_r * r_per_split, (pid_r + 1) * r_per_split).\n    pid_k = tl.program_id(0)\n    pid_r = tl.program_id(1)\n    '
    yield str(t_1(t_4(context.call((undefined(name='kept_block') if l_0_kept_block is missing else l_0_kept_block))), 4))
    yield '\n    r_start = pid_r * r_per_split\n    r_stop = tl.minimum(r_start + r_per_split, n_reduced)\n    # One accumulator per reduction, a '
    yield str((undefined(name='tile') if l_0_tile is missing else l_0_tile))
    yield " tile: each lane folds in every tile step's element.\n"
    for l_1_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
        _loop_vars = {}
        pass
        yield '    acc_'
        yield str(environment.getattr(l_1_r, 'name'))
        yield ' = tl.full('
        yield str((undefined(name='tile') if l_0_tile is missing else l_0_tile))
        yield ', '
        yield str(environment.getattr(l_1_r, 'neutral'))
        yield ', tl.'
        yield str(environment.getattr(l_1_r, 'dtype'))
        yield ')\n'
    l_1_r = missing
    yield '    for r_block in range(r_start, r_stop, BLOCK_R):\n        offs_r = r_block + tl.arange(0, BLOCK_R)\n        if INDEX_64:\n            offs_r = offs_r.to(tl.int64)\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_steps'):
        pass
        yield '        # Split the reduced index into one index per reduced dimension of ['
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_text'))
        yield '], innermost first.\n        '
        yield str(t_1(t_4(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'offs_r', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'reduced_steps'))), 8))
        yield '\n'
    yield '        # mask: inside this slice of the reduced elements, and inside the kept ones.\n        mask = (offs_r < r_stop)'
    yield str((undefined(name='r_axis') if l_0_r_axis is missing else l_0_r_axis))
    yield ' & mask_k'
    yield str((undefined(name='k_axis') if l_0_k_axis is missing else l_0_k_axis))
    yield "\n        # Memory offsets: each tensor's indices times its strides (reduced indices along the\n        # tile's "
    yield str(('rows' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'columns'))
    yield ', kept ones along its '
    yield str(('columns' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'rows'))
    yield '); a dimension a tensor does not have adds nothing.\n        '
    yield str(t_1(t_4(context.call((undefined(name='loads') if l_0_loads is missing else l_0_loads), environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loop_loads'), 'mask')), 8))
    yield '\n'
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loop_statements'):
        _loop_vars = {}
        pass
        yield '        # spec: '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
        yield ':'
        yield str(environment.getattr(l_1_st, 'line'))
        yield '\n        '
        yield str(environment.getattr(l_1_st, 'target'))
        yield ' = '
        yield str(environment.getattr(l_1_st, 'triton'))
        yield '\n'
    l_1_st = missing
    yield '        # Fold the tile into the accumulators; masked-off lanes add the neutral element.\n'
    for l_1_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_r, 'step'))
        yield '\n'
    l_1_r = missing
    yield "    # Each reduction over the tile's "
    yield str(('rows' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner') else 'columns'))
    yield ': one value per kept element.\n'
    for l_1_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_r, 'name'))
        yield ' = '
        yield str(environment.getattr(l_1_r, 'fold'))
        yield '\n'
    l_1_r = missing
    yield '    if SPLIT == 1:\n        # This program saw every reduced element: finish here.\n'
    def t_9(fiter):
        for l_1_r in fiter:
            if (environment.getattr(l_1_r, 'final') != environment.getattr(l_1_r, 'name')):
                yield l_1_r
    for l_1_r in t_9(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results')):
        _loop_vars = {}
        pass
        yield '        '
        yield str(environment.getattr(l_1_r, 'name'))
        yield ' = '
        yield str(environment.getattr(l_1_r, 'final'))
        yield '\n'
    l_1_r = missing
    yield '        '
    yield str(t_1(t_4(context.call((undefined(name='epilogue') if l_0_epilogue is missing else l_0_epilogue))), 8))
    yield "\n    else:\n        # Slice pid_r's partial results; "
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_finish_kernel combines the slices.\n'
    for l_1_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
        _loop_vars = {}
        pass
        yield '        tl.store('
        yield str(environment.getattr(l_1_r, 'name'))
        yield '_part_ptr + pid_r * n_kept + offs_k, '
        yield str(environment.getattr(l_1_r, 'name'))
        yield ', mask=mask_k)\n'
    l_1_r = missing
    yield '\n\n# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_finish_kernel(\n'
    yield str(context.call((undefined(name='kernel_args') if l_0_kernel_args is missing else l_0_kernel_args), True))
    yield '):\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_4(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    yield "    # Program pid_k combines the SPLIT slices' partial results of its kept elements, slice by\n    # slice in order (the same bits every run), then computes and stores the outputs.\n    pid_k = tl.program_id(0)\n    "
    yield str(t_1(t_4(context.call((undefined(name='kept_block') if l_0_kept_block is missing else l_0_kept_block))), 4))
    yield '\n    # The partial results, BLOCK_S slices at a time: a [BLOCK_S, BLOCK_K] tile per reduction.\n'
    for l_1_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
        _loop_vars = {}
        pass
        yield '    acc_'
        yield str(environment.getattr(l_1_r, 'name'))
        yield ' = tl.full([BLOCK_S, BLOCK_K], '
        yield str(environment.getattr(l_1_r, 'neutral'))
        yield ', tl.'
        yield str(environment.getattr(l_1_r, 'dtype'))
        yield ')\n'
    l_1_r = missing
    yield "    for slice_block in range(0, SPLIT, BLOCK_S):\n        offs_s = slice_block + tl.arange(0, BLOCK_S)\n        # mask_s: the last block of slices runs past SPLIT; and inside the kept elements.\n        mask_s = (offs_s < SPLIT)[:, None] & mask_k[None, :]\n        # Slice offs_s's partial results of kept element offs_k: row offs_s of the [SPLIT, n_kept] buffer.\n"
    for l_1_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
        _loop_vars = {}
        pass
        yield '        partial = tl.load('
        yield str(environment.getattr(l_1_r, 'name'))
        yield '_part_ptr + offs_s[:, None] * n_kept + offs_k[None, :], mask=mask_s, other='
        yield str(environment.getattr(l_1_r, 'neutral'))
        yield ')\n        '
        yield str(environment.getattr(l_1_r, 'merge'))
        yield '\n'
    l_1_r = missing
    yield "    # Fold the slices: the tile's rows, in a fixed order.\n"
    for l_1_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_r, 'name'))
        yield ' = '
        yield str(environment.getattr(l_1_r, 'fold_slices'))
        yield '\n'
    l_1_r = missing
    def t_10(fiter):
        for l_1_r in fiter:
            if (environment.getattr(l_1_r, 'final') != environment.getattr(l_1_r, 'name')):
                yield l_1_r
    for l_1_r in t_10(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results')):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_r, 'name'))
        yield ' = '
        yield str(environment.getattr(l_1_r, 'final'))
        yield '\n'
    l_1_r = missing
    yield '    '
    yield str(t_1(t_4(context.call((undefined(name='epilogue') if l_0_epilogue is missing else l_0_epilogue))), 4))
    yield '\n\n\n'
    template = environment.get_template('_launcher_head.py.j2', 'axis_reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'epilogue': l_0_epilogue, 'k_axis': l_0_k_axis, 'kept_block': l_0_kept_block, 'kernel_args': l_0_kernel_args, 'launch_args': l_0_launch_args, 'loads': l_0_loads, 'loops': l_0_loops, 'r_axis': l_0_r_axis, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors, 'tile': l_0_tile}))
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
        yield str((' and ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 174 in 'axis_reduction.py.j2' evaluated to false and no else section was defined.")))
    l_1_loop = l_1_t = missing
    yield ':\n        # Nothing to compute: return the (empty) outputs without launching.\n        return '
    yield str(t_2(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
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
    yield '    # Tiles, and how many slices share each block of kept elements: a model of the\n    # shape and the SM count (tilegen.runtime.reduction.axis_plan).\n    BLOCK_R, BLOCK_K, SPLIT, r_per_split, num_warps = _reduction.axis_plan(\n        n_kept, n_reduced, '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kept_inner'))
    yield ', _reduction.sm_count_or_default(device)'
    yield str(((', pinned_split=%d' % environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split')) if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split') else cond_expr_undefined("the inline if-expression on line 189 in 'axis_reduction.py.j2' evaluated to false and no else section was defined.")))
    yield '\n    )\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'):
        pass
        yield '    num_warps = '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'warps'))
        yield "  # pinned by the spec's schedule\n"
    yield '    # Partial results of each slice, where several share a block (unused otherwise).\n'
    for l_1_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_r, 'name'))
        yield '_part = torch.empty((SPLIT, n_kept) if SPLIT > 1 else (1,), dtype=torch.'
        yield str(environment.getattr(l_1_r, 'dtype'))
        yield ', device=device)\n'
    l_1_r = missing
    yield '    index_64 = _args.needs_int64('
    yield str(t_2(context.eval_ctx, t_3(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
    yield ')\n'
    def macro(l_1_finish):
        t_11 = []
        if l_1_finish is missing:
            l_1_finish = undefined("parameter 'finish' was not provided", name='finish')
        pass
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
            _loop_vars = {}
            pass
            t_11.extend((
                '        ',
                str(environment.getattr(l_2_t, 'name')),
                ',\n',
            ))
        l_2_t = missing
        for l_2_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
            _loop_vars = {}
            pass
            t_11.extend((
                '        ',
                str(environment.getattr(l_2_p, 'name')),
                ',\n',
            ))
        l_2_p = missing
        for l_2_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
            _loop_vars = {}
            pass
            t_11.extend((
                '        ',
                str(environment.getattr(l_2_t, 'name')),
                ',\n',
            ))
        l_2_t = missing
        for l_2_r in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'results'):
            _loop_vars = {}
            pass
            t_11.extend((
                '        ',
                str(environment.getattr(l_2_r, 'name')),
                '_part,\n',
            ))
        l_2_r = missing
        t_11.append(
            '        n_kept,\n        n_reduced,\n',
        )
        if (not l_1_finish):
            pass
            t_11.append(
                '        r_per_split,\n',
            )
        for l_2_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'size_args'):
            _loop_vars = {}
            pass
            t_11.extend((
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
                t_11.extend((
                    '        ',
                    str(environment.getattr(l_2_t, 'name')),
                    '.stride(',
                    str(l_3_axis),
                    '),\n',
                ))
            l_3_axis = l_3_stride = missing
        l_2_t = missing
        t_11.append(
            '        SPLIT,\n',
        )
        return concat(t_11)
    context.exported_vars.add('launch_args')
    context.vars['launch_args'] = l_0_launch_args = Macro(environment, macro, 'launch_args', ('finish',), False, False, False, context.eval_ctx.autoescape)
    yield '    # One program per block of kept elements and slice of the reduced ones.\n    grid = (_args.cdiv(n_kept, BLOCK_K), SPLIT)\n    _fast.launch(\n        '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel,\n        grid,\n'
    yield str(context.call((undefined(name='launch_args') if l_0_launch_args is missing else l_0_launch_args), False))
    yield 'BLOCK_R=BLOCK_R,\n        BLOCK_K=BLOCK_K,\n        INDEX_64=index_64,\n        num_warps=num_warps,\n    )\n    if SPLIT > 1:\n        # Combine the slices and compute the outputs: one program per FINISH_K kept elements\n        # (fewer than BLOCK_K, for more programs: this kernel is short).\n        FINISH_K = min(BLOCK_K, 64)\n        _fast.launch(\n            '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_finish_kernel,\n            (_args.cdiv(n_kept, FINISH_K),),\n'
    yield str(t_1(context.call((undefined(name='launch_args') if l_0_launch_args is missing else l_0_launch_args), True), 4, first=True))
    yield 'BLOCK_S=min(_args.next_power_of_2(SPLIT), 32),\n            BLOCK_K=FINISH_K,\n            INDEX_64=index_64,\n            num_warps=4,\n        )\n    return '
    yield str(t_2(context.eval_ctx, t_3(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n\n\n'
    template = environment.get_template('_reference.py.j2', 'axis_reduction.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'epilogue': l_0_epilogue, 'k_axis': l_0_k_axis, 'kept_block': l_0_kept_block, 'kernel_args': l_0_kernel_args, 'launch_args': l_0_launch_args, 'loads': l_0_loads, 'loops': l_0_loops, 'r_axis': l_0_r_axis, 's': l_0_s, 'sc': l_0_sc, 'tensors': l_0_tensors, 'tile': l_0_tile}))
    try:
        for event in gen:
            yield event
    finally: gen.close()

blocks = {}
debug_info = '1=37&2=39&3=41&4=44&5=47&6=50&7=53&8=56&9=63&10=66&11=69&13=87&17=102&23=108&24=112&25=114&28=119&29=122&31=126&33=128&34=133&35=137&38=146&39=151&42=164&43=169&44=174&46=182&47=186&49=189&50=194&52=202&53=207&55=217&56=219&57=222&60=227&61=232&63=236&64=239&65=244&68=251&69=254&75=267&79=276&81=280&82=282&84=284&85=287&87=290&88=292&91=294&94=296&95=298&96=302&102=312&103=315&104=317&107=320&109=324&110=328&111=330&112=334&113=338&116=344&117=348&119=352&120=354&121=358&125=364&126=372&128=378&130=380&131=382&132=386&136=392&138=396&139=398&141=400&142=403&147=406&149=408&150=412&157=420&158=424&159=428&162=432&163=436&165=441&166=449&168=455&171=457&172=464&173=466&174=469&176=477&177=479&179=482&182=484&183=490&189=493&191=497&192=500&195=503&196=507&198=513&199=515&200=520&201=525&203=529&204=534&206=538&207=543&209=547&210=552&214=559&217=564&218=569&220=573&221=576&222=581&230=595&232=597&243=599&245=601&251=603&254=605'