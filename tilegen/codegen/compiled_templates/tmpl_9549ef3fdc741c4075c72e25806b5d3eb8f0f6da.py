from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_gemm_kernel.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_s = resolve('s')
    l_0_sc = resolve('sc')
    l_0_k = resolve('k')
    l_0_batched = resolve('batched')
    l_0_tensors = resolve('tensors')
    l_0_host_descs = resolve('host_descs')
    l_0_a = resolve('a')
    l_0_b = resolve('b')
    l_0_tile_outs = resolve('tile_outs')
    l_0_many = resolve('many')
    l_0_tile_n = resolve('tile_n')
    l_0_loops = resolve('loops')
    l_0_tile = resolve('tile')
    l_0_descriptors = l_0_k_loop = l_0_stores = l_0_epilogue = missing
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
        t_3 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_3(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    def macro():
        t_4 = []
        pass
        t_4.append(
            '# Tensor descriptors: the hardware (TMA on Hopper) computes the addresses, reads zeros\n# past the edges and drops writes past them, so nothing is masked. The launcher checked\n# their rules: 16-byte aligned base and strides, last stride 1.\n',
        )
        for l_2_op in ((undefined(name='a') if l_0_a is missing else l_0_a), (undefined(name='b') if l_0_b is missing else l_0_b)):
            _loop_vars = {}
            pass
            t_4.extend((
                str(environment.getattr(l_2_op, 'role')),
                '_desc = tl.make_tensor_descriptor(',
                str(environment.getattr(environment.getattr(l_2_op, 'tensor'), 'name')),
                '_ptr',
                str((str_join((' + ', environment.getattr(l_2_op, 'batch_offs'), )) if environment.getattr(l_2_op, 'batch_offs') else cond_expr_undefined("the inline if-expression on line 8 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                ', shape=[',
                str(environment.getattr(l_2_op, 'desc_shape')),
                '], strides=[',
                str(environment.getattr(l_2_op, 'desc_stride')),
                ', 1], block_shape=[',
                str(environment.getattr(l_2_op, 'desc_block')),
                '])\n',
            ))
        l_2_op = missing
        for l_2_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            t_4.extend((
                str(environment.getattr(environment.getattr(l_2_o, 'tensor'), 'name')),
                '_desc = tl.make_tensor_descriptor(',
                str(environment.getattr(environment.getattr(l_2_o, 'tensor'), 'name')),
                '_ptr',
                str((str_join((' + ', environment.getattr(l_2_o, 'batch_offs'), )) if environment.getattr(l_2_o, 'batch_offs') else cond_expr_undefined("the inline if-expression on line 11 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                ', shape=[M, N], strides=[',
                str(environment.getattr(l_2_o, 'stride_m')),
                ', 1], block_shape=[BLOCK_M, BLOCK_N // 2])\n',
            ))
        l_2_o = missing
        return concat(t_4)
    context.exported_vars.add('descriptors')
    context.vars['descriptors'] = l_0_descriptors = Macro(environment, macro, 'descriptors', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_mode):
        t_5 = []
        if l_1_mode is missing:
            l_1_mode = undefined("parameter 'mode' was not provided", name='mode')
        pass
        if (l_1_mode == 'pointer'):
            pass
            t_5.extend((
                '# Pointer arithmetic: a_ptrs is a [BLOCK_M, BLOCK_K] block of pointers into ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'what')),
                ',\n# b_ptrs a [BLOCK_K, BLOCK_N] block into ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what')),
                ': base + row * row stride + column * column stride.\n# Rows past M and columns past N wrap around (% M, % N), so those loads stay in bounds\n# without a mask; the results they feed are never stored.\noffs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M\noffs_bn = (pid_n * ',
                str((undefined(name='tile_n') if l_0_tile_n is missing else l_0_tile_n)),
                ' + tl.arange(0, BLOCK_N)) % N\noffs_k = tl.arange(0, BLOCK_K)\na_ptrs = ',
                str(environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')),
                '_ptr',
                str((str_join((' + ', environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'batch_offs'), )) if environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'batch_offs') else cond_expr_undefined("the inline if-expression on line 23 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                ' + (offs_am[:, None] * ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'stride_rows')),
                ' + offs_k[None, :] * ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'stride_cols')),
                ')\nb_ptrs = ',
                str(environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name')),
                '_ptr',
                str((str_join((' + ', environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'batch_offs'), )) if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'batch_offs') else cond_expr_undefined("the inline if-expression on line 24 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                ' + (offs_k[:, None] * ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_rows')),
                ' + offs_bn[None, :] * ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_cols')),
                ')\n',
            ))
            if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail'):
                pass
                t_5.extend((
                    "if BLOCK_N2 > 0:\n    # The tile's last BLOCK_N2 columns: a second block of pointers into ",
                    str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what')),
                    '.\n    offs_bn2 = (pid_n * ',
                    str((undefined(name='tile_n') if l_0_tile_n is missing else l_0_tile_n)),
                    ' + BLOCK_N + tl.arange(0, BLOCK_N2)) % N\n    b2_ptrs = ',
                    str(environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name')),
                    '_ptr',
                    str((str_join((' + ', environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'batch_offs'), )) if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'batch_offs') else cond_expr_undefined("the inline if-expression on line 29 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                    ' + (offs_k[:, None] * ',
                    str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_rows')),
                    ' + offs_bn2[None, :] * ',
                    str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_cols')),
                    ')\n',
                ))
            if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
                pass
                t_5.extend((
                    "if SPLIT_K > 1:\n    # Split-K: this program sums the K blocks from k_first up to (not including) k_last, its\n    # share of the tile's SPLIT_K even slices (a slice is empty where K has fewer blocks).\n    k_first = split * tl.cdiv(K, BLOCK_K) // SPLIT_K\n    k_last = (split + 1) * tl.cdiv(K, BLOCK_K) // SPLIT_K\n    a_ptrs += k_first * BLOCK_K * ",
                    str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'stride_k')),
                    '\n    b_ptrs += k_first * BLOCK_K * ',
                    str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_k')),
                    '\nelse:\n    k_first, k_last = 0, tl.cdiv(K, BLOCK_K)\nfor k in range(k_first, k_last):\n',
                ))
            else:
                pass
                t_5.append(
                    'for k in range(0, tl.cdiv(K, BLOCK_K)):\n',
                )
            t_5.extend((
                '    # K-edge mask: the last block may run past K; those elements load as 0 and add nothing.\n    a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'operand_zero')),
                ')',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'cast')),
                '\n    b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'operand_zero')),
                ')',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'cast')),
                '\n    acc = tl.dot(a, b, acc',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_args')),
                ')\n',
            ))
            if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail'):
                pass
                t_5.extend((
                    '    if BLOCK_N2 > 0:\n        # The same block of ',
                    str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'what')),
                    " times the tile's last BLOCK_N2 columns, into acc2.\n        b2 = tl.load(b2_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=",
                    str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'operand_zero')),
                    ')',
                    str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'cast')),
                    '\n        acc2 = tl.dot(a, b2, acc2',
                    str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_args')),
                    ')\n        b2_ptrs += BLOCK_K * ',
                    str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_k')),
                    '\n',
                ))
            t_5.extend((
                '    # Advance both blocks of pointers to the next BLOCK_K slice of K.\n    a_ptrs += BLOCK_K * ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'stride_k')),
                '\n    b_ptrs += BLOCK_K * ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_k')),
                '\n',
            ))
        elif (l_1_mode == 'descriptor'):
            pass
            if (not (undefined(name='batched') if l_0_batched is missing else l_0_batched)):
                pass
                t_5.append(
                    '# Tensor descriptors (TMA on Hopper), built by the launcher after checking their rules\n# (16-byte aligned base and strides, last stride 1): the hardware computes the addresses,\n# reads zeros past the edges and drops writes past them, so nothing is masked.\n',
                )
            t_5.extend((
                '# Each step loads a [BLOCK_M, BLOCK_K] tile of ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'what')),
                ' and a [BLOCK_K, BLOCK_N] tile of ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what')),
                '.\nfor k in range(0, tl.cdiv(K, BLOCK_K)):\n',
            ))
            for l_2_op in ((undefined(name='a') if l_0_a is missing else l_0_a), (undefined(name='b') if l_0_b is missing else l_0_b)):
                _loop_vars = {}
                pass
                if environment.getattr(l_2_op, 'transposed'):
                    pass
                    t_5.extend((
                        '    # ',
                        str(environment.getattr(environment.getattr(l_2_op, 'tensor'), 'name')),
                        ' is stored [',
                        str(environment.getattr(l_2_op, 'desc_shape')),
                        ']: load a [',
                        str(environment.getattr(l_2_op, 'desc_block')),
                        '] tile and transpose it.\n    ',
                        str(environment.getattr(l_2_op, 'role')),
                        ' = ',
                        str(environment.getattr(l_2_op, 'role')),
                        '_desc.load([',
                        str(environment.getattr(l_2_op, 'desc_coords')),
                        ']).T',
                        str(environment.getattr(l_2_op, 'cast')),
                        '\n',
                    ))
                else:
                    pass
                    t_5.extend((
                        '    ',
                        str(environment.getattr(l_2_op, 'role')),
                        ' = ',
                        str(environment.getattr(l_2_op, 'role')),
                        '_desc.load([',
                        str(environment.getattr(l_2_op, 'desc_coords')),
                        '])',
                        str(environment.getattr(l_2_op, 'cast')),
                        '\n',
                    ))
            l_2_op = missing
            t_5.extend((
                '    acc = tl.dot(a, b, acc',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_args')),
                ')\n',
            ))
        else:
            pass
            t_5.extend((
                '# Block pointers: Triton tracks a [BLOCK_M, BLOCK_K] window of ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'what')),
                ' and a\n# [BLOCK_K, BLOCK_N] window of ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what')),
                '; boundary_check zero-fills what lies past M, N or K.\n',
            ))
            for l_2_op in ((undefined(name='a') if l_0_a is missing else l_0_a), (undefined(name='b') if l_0_b is missing else l_0_b)):
                _loop_vars = {}
                pass
                t_5.extend((
                    str(environment.getattr(l_2_op, 'role')),
                    '_block_ptr = tl.make_block_ptr(',
                    str(environment.getattr(environment.getattr(l_2_op, 'tensor'), 'name')),
                    '_ptr',
                    str((str_join((' + ', environment.getattr(l_2_op, 'batch_offs'), )) if environment.getattr(l_2_op, 'batch_offs') else cond_expr_undefined("the inline if-expression on line 80 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                    ', shape=(',
                    str(environment.getattr(l_2_op, 'block_shape')),
                    '), strides=(',
                    str(environment.getattr(l_2_op, 'stride_rows')),
                    ', ',
                    str(environment.getattr(l_2_op, 'stride_cols')),
                    '), offsets=(',
                    str(environment.getattr(l_2_op, 'block_offsets')),
                    '), block_shape=(',
                    str(environment.getattr(l_2_op, 'block_tile')),
                    '), order=',
                    str(environment.getattr(l_2_op, 'block_order')),
                    ')\n',
                ))
            l_2_op = missing
            t_5.extend((
                'for k in range(0, tl.cdiv(K, BLOCK_K)):\n    a = tl.load(a_block_ptr, boundary_check=(0, 1), padding_option="zero")',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'cast')),
                '\n    b = tl.load(b_block_ptr, boundary_check=(0, 1), padding_option="zero")',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'cast')),
                '\n    acc = tl.dot(a, b, acc',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_args')),
                ')\n    a_block_ptr = tl.advance(a_block_ptr, (',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'block_advance')),
                '))\n    b_block_ptr = tl.advance(b_block_ptr, (',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'block_advance')),
                '))\n',
            ))
        return concat(t_5)
    context.exported_vars.add('k_loop')
    context.vars['k_loop'] = l_0_k_loop = Macro(environment, macro, 'k_loop', ('mode',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_mode):
        t_6 = []
        if l_1_mode is missing:
            l_1_mode = undefined("parameter 'mode' was not provided", name='mode')
        pass
        l_2_loop = missing
        for l_2_o, l_2_loop in LoopContext((undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs), undefined):
            l_2_t = missing
            _loop_vars = {}
            pass
            l_2_t = environment.getattr(l_2_o, 'tensor')
            _loop_vars['t'] = l_2_t
            if (l_1_mode == 'descriptor'):
                pass
                if environment.getattr(l_2_loop, 'first'):
                    pass
                    t_6.append(
                        '# _gemm_store_halves: the tile leaves in two [BLOCK_M, BLOCK_N // 2] halves, so the\n# TMA store stages half as much in shared memory (more is left for the K loop).\n',
                    )
                t_6.extend((
                    '_gemm_store_halves(',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_desc, pid_m * BLOCK_M, pid_n * BLOCK_N, ',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_open')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_cast')),
                    ', BLOCK_M, BLOCK_N)\n',
                ))
            elif (l_1_mode == 'block_ptr'):
                pass
                t_6.extend((
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_block_ptr = tl.make_block_ptr(',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_ptr',
                    str((str_join((' + ', environment.getattr(l_2_o, 'batch_offs'), )) if environment.getattr(l_2_o, 'batch_offs') else cond_expr_undefined("the inline if-expression on line 100 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                    ', shape=(M, N), strides=(',
                    str(environment.getattr(l_2_o, 'stride_m')),
                    ', ',
                    str(environment.getattr(l_2_o, 'stride_n')),
                    '), offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N), block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))\ntl.store(',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_block_ptr, ',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_open')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_cast')),
                    ', boundary_check=(0, 1))\n',
                ))
            else:
                pass
                t_6.extend((
                    'tl.store(',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_ptr + ',
                    str(environment.getattr(l_2_o, 'offs')),
                    ', ',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_open')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_cast')),
                    ', mask=',
                    str(environment.getattr(l_2_o, 'mask')),
                    ')\n',
                ))
        l_2_loop = l_2_o = l_2_t = missing
        return concat(t_6)
    context.exported_vars.add('stores')
    context.vars['stores'] = l_0_stores = Macro(environment, macro, 'stores', ('mode',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_only):
        t_7 = []
        l_1_other_outs = resolve('other_outs')
        if l_1_only is missing:
            l_1_only = None
        pass
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'uses_rand'):
            pass
            t_7.extend((
                "# rand() draws from each element's row-major index in the whole [",
                str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text')),
                '] output.\noffs = ',
                str(('(batch_id * M + offs_cm[:, None])' if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else 'offs_cm[:, None]')),
                ' * N + offs_cn[None, :]\n',
            ))
        for l_2_t in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loads'):
            _loop_vars = {}
            pass
            t_7.extend((
                '# ',
                str(environment.getattr(environment.getattr(l_2_t, 'tensor'), 'name')),
                ': ',
                str(environment.getattr(l_2_t, 'note')),
                str(('; computed in f32' if environment.getattr(l_2_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 114 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                '.\n',
            ))
            if environment.getattr(l_2_t, 'mask'):
                pass
                t_7.extend((
                    str(environment.getattr(environment.getattr(l_2_t, 'tensor'), 'name')),
                    ' = ',
                    str((environment.getitem(environment.getattr(l_2_t, 'upcast'), 0) if environment.getattr(l_2_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 116 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                    'tl.load(',
                    str(environment.getattr(environment.getattr(l_2_t, 'tensor'), 'name')),
                    '_ptr + ',
                    str(environment.getattr(l_2_t, 'offs')),
                    ', mask=',
                    str(environment.getattr(l_2_t, 'mask')),
                    ', other=',
                    str(environment.getattr(l_2_t, 'other')),
                    ')',
                    str((environment.getitem(environment.getattr(l_2_t, 'upcast'), 1) if environment.getattr(l_2_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 116 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                    '\n',
                ))
            else:
                pass
                t_7.extend((
                    str(environment.getattr(environment.getattr(l_2_t, 'tensor'), 'name')),
                    ' = ',
                    str((environment.getitem(environment.getattr(l_2_t, 'upcast'), 0) if environment.getattr(l_2_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 118 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                    'tl.load(',
                    str(environment.getattr(environment.getattr(l_2_t, 'tensor'), 'name')),
                    '_ptr + ',
                    str(environment.getattr(l_2_t, 'offs')),
                    ')',
                    str((environment.getitem(environment.getattr(l_2_t, 'upcast'), 1) if environment.getattr(l_2_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 118 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
                    '\n',
                ))
        l_2_t = missing
        for l_2_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'statements'):
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
        t_7.extend((
            '# Store each output, cast to its declared type',
            str(('; masks keep rows and columns past the edges out' if (('pointer' in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')) or (undefined(name='other_outs') if l_1_other_outs is missing else l_1_other_outs)) else cond_expr_undefined("the inline if-expression on line 125 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined."))),
            '.\n',
        ))
        if ((undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs) and l_1_only):
            pass
            t_7.extend((
                str(context.call(environment.getattr(context.call((undefined(name='stores') if l_0_stores is missing else l_0_stores), l_1_only), 'rstrip'))),
                '\n',
            ))
        elif ((undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs) and (undefined(name='many') if l_0_many is missing else l_0_many)):
            pass
            t_7.extend((
                'if ADDRESSING == "',
                str(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0)),
                '":\n',
                str(context.call(environment.getattr(t_1(context.call((undefined(name='stores') if l_0_stores is missing else l_0_stores), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0)), 4, first=True), 'rstrip'))),
                '\nelse:\n',
                str(context.call(environment.getattr(t_1(context.call((undefined(name='stores') if l_0_stores is missing else l_0_stores), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 1)), 4, first=True), 'rstrip'))),
                '\n',
            ))
        elif (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            pass
            t_7.extend((
                str(context.call(environment.getattr(context.call((undefined(name='stores') if l_0_stores is missing else l_0_stores), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0)), 'rstrip'))),
                '\n',
            ))
        for l_2_o in (undefined(name='other_outs') if l_1_other_outs is missing else l_1_other_outs):
            l_2_t = missing
            _loop_vars = {}
            pass
            l_2_t = environment.getattr(l_2_o, 'tensor')
            _loop_vars['t'] = l_2_t
            t_7.extend((
                '# ',
                str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                ': ',
                str(environment.getattr(l_2_o, 'note')),
                '.\n',
            ))
            if environment.getattr(l_2_o, 'mask'):
                pass
                t_7.extend((
                    'tl.store(',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_ptr + ',
                    str(environment.getattr(l_2_o, 'offs')),
                    ', ',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_open')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_cast')),
                    ', mask=',
                    str(environment.getattr(l_2_o, 'mask')),
                    ')\n',
                ))
            else:
                pass
                t_7.extend((
                    'tl.store(',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_ptr + ',
                    str(environment.getattr(l_2_o, 'offs')),
                    ', ',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_open')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'store_cast')),
                    ')\n',
                ))
        l_2_o = l_2_t = missing
        return concat(t_7)
    context.exported_vars.add('epilogue')
    context.vars['epilogue'] = l_0_epilogue = Macro(environment, macro, 'epilogue', ('only',), False, False, False, context.eval_ctx.autoescape)
    yield '# spec: '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'spec_file'))
    yield ':'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'line'))
    yield '\n@triton.jit\ndef '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel(\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        if ((environment.getattr(l_1_t, 'name') == environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')) and (environment.getattr(l_1_t, 'name') == environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name'))):
            pass
            yield '    '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '_ptr,  # '
            yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
            yield '['
            yield str(environment.getattr(l_1_t, 'dims_text'))
            yield "]: both operands of '@' ("
            yield str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'what'))
            yield ' and '
            yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what'))
            yield '; tiles `a` and `b`)\n'
        elif (environment.getattr(l_1_t, 'name') == environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')):
            pass
            yield '    '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '_ptr,  # '
            yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
            yield '['
            yield str(environment.getattr(l_1_t, 'dims_text'))
            yield "]: the left operand of '@' ("
            yield str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'what'))
            yield '; its tiles are `a`)\n'
        elif (environment.getattr(l_1_t, 'name') == environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name')):
            pass
            yield '    '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '_ptr,  # '
            yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
            yield '['
            yield str(environment.getattr(l_1_t, 'dims_text'))
            yield "]: the right operand of '@' ("
            yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what'))
            yield '; its tiles are `b`)\n'
        else:
            pass
            yield '    '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '_ptr,  # '
            yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
            yield '['
            yield str(environment.getattr(l_1_t, 'dims_text'))
            yield '], read by the epilogue\n'
    l_1_t = missing
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        pass
        yield '    '
        yield str(t_1(t_3(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'params'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '    '
        yield str(environment.getattr(l_1_t, 'name'))
        yield '_ptr,  # '
        yield str(environment.getattr(environment.getattr(l_1_t, 'dtype'), 'name'))
        yield '['
        yield str(environment.getattr(l_1_t, 'dims_text'))
        yield '], output\n'
    l_1_t = missing
    yield '    M,  # rows of the product ('
    yield str(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dims'), 0))
    yield ')\n    N,  # columns of the product ('
    yield str(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dims'), 1))
    yield ')\n    K,  # the inner dimension ('
    yield str(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dims'), 2))
    yield ')\n'
    if (undefined(name='batched') if l_0_batched is missing else l_0_batched):
        pass
        yield '    BATCH,  # number of independent products: '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_count'))
        yield '\n'
        for l_1_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_args'):
            _loop_vars = {}
            pass
            yield '    '
            yield str(l_1_d)
            yield ',  # to split a batch index into one index per batch dimension\n'
        l_1_d = missing
    yield '    # Strides: how many elements apart neighbours along each dimension are in memory.\n'
    for l_1_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
        _loop_vars = {}
        pass
        for (l_2_axis, l_2_stride) in environment.getattr(l_1_t, 'strides'):
            _loop_vars = {}
            pass
            yield '    '
            yield str(l_2_stride)
            yield ',\n'
        l_2_axis = l_2_stride = missing
    l_1_t = missing
    if (undefined(name='host_descs') if l_0_host_descs is missing else l_0_host_descs):
        pass
        yield '    # Tensor descriptors for ADDRESSING "descriptor", built by the launcher (None otherwise):\n'
        for l_1_op in ((undefined(name='a') if l_0_a is missing else l_0_a), (undefined(name='b') if l_0_b is missing else l_0_b)):
            _loop_vars = {}
            pass
            yield '    '
            yield str(environment.getattr(l_1_op, 'role'))
            yield '_desc,  # '
            yield str(environment.getattr(environment.getattr(l_1_op, 'tensor'), 'name'))
            yield str((str_join((' (read as ', environment.getattr(l_1_op, 'what'), ')', )) if environment.getattr(l_1_op, 'transposed') else cond_expr_undefined("the inline if-expression on line 184 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined.")))
            yield ', in ['
            yield str(environment.getattr(l_1_op, 'desc_block'))
            yield '] blocks\n'
        l_1_op = missing
        for l_1_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            yield '    '
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield '_desc,  # '
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield ', in [BLOCK_M, BLOCK_N // 2] blocks (each tile leaves in two halves)\n'
        l_1_o = missing
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '    # Split-K (SPLIT_K > 1; None otherwise): where the programs sharing a tile meet.\n    ws_ptr,  # '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'acc_dtype'))
        yield "[tiles * SPLIT_K * BLOCK_M * BLOCK_N]: each program's partial tile\n    count_ptr,  # i32[tiles], zero at launch (each tile's last program resets its count): how many of each tile's programs have finished\n"
    yield '    BLOCK_M: tl.constexpr,  # each program computes [BLOCK_M, BLOCK_N] tiles of the output,\n    BLOCK_N: tl.constexpr,\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail'):
        pass
        yield '    BLOCK_N2: tl.constexpr,  # 0, or the tile has BLOCK_N + BLOCK_N2 columns (pointer addressing)\n'
    yield '    BLOCK_K: tl.constexpr,  # stepping through K, BLOCK_K at a time\n    GROUP_M: tl.constexpr,  # rows of tiles per group in the grouped ordering (1: row-major)\n'
    if (undefined(name='many') if l_0_many is missing else l_0_many):
        pass
        yield '    ADDRESSING: tl.constexpr,  # "'
        yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), '" or "'))
        yield '", picked by the launcher\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_dtype'):
        pass
        yield '    DOT_DTYPE: tl.constexpr,  # tl.'
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_dtype'))
        yield '; tl.float32 on the interpreter, which cannot multiply '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_dtype'))
        yield '\n'
    yield '    PERSISTENT: tl.constexpr,  # fewer programs than tiles: each loops over several (see the tile loop)\n    FLATTEN: tl.constexpr,  # persistent launches: pipeline across tiles (see the tile loop)\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '    SPLIT_K: tl.constexpr,  # programs per tile, each summing one slice of K (1: the whole of K)\n'
    yield '    INDEX_64: tl.constexpr,  # some offset needs 64 bits: do the index math in int64\n):\n    """'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'text'))
    yield '\n\n    '
    yield str((str_join((environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_count'), ' x ', )) if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else cond_expr_undefined("the inline if-expression on line 217 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined.")))
    yield '[M, K] @ [K, N] ('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'matmul_text'))
    yield ') into acc, then the epilogue. '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'precision_note'))
    yield '.\n    """\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_3(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
        yield '\n'
    yield '    pid = tl.program_id(axis=0)\n    if INDEX_64:\n        pid = pid.to(tl.int64)\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '    if SPLIT_K > 1:\n        # Split-K: SPLIT_K consecutive programs share a tile, each summing one slice of K.\n'
        if (undefined(name='many') if l_0_many is missing else l_0_many):
            pass
            yield '        tl.static_assert(ADDRESSING == "pointer" and not PERSISTENT, "split-K runs on a pointer grid")\n'
        else:
            pass
            yield '        tl.static_assert(not PERSISTENT, "split-K runs on a grid, not persistent")\n'
        yield '        split = pid % SPLIT_K\n        pid = pid // SPLIT_K\n'
    yield '    num_pid_m = tl.cdiv(M, BLOCK_M)\n    num_pid_n = tl.cdiv(N, '
    yield str((undefined(name='tile_n') if l_0_tile_n is missing else l_0_tile_n))
    yield ')\n    num_tiles = '
    yield str(('BATCH * ' if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else cond_expr_undefined("the inline if-expression on line 238 in '_gemm_kernel.py.j2' evaluated to false and no else section was defined.")))
    yield "num_pid_m * num_pid_n\n    # Program pid computes the output tiles pid, pid + P, pid + 2P, ... (P programs). The\n    # launcher starts one program per tile, so the loop runs once, or, persistent, at most one\n    # per SM, each looping over many tiles (as many programs as the tiles need for an even\n    # share, see tilegen.runtime.gemm.gemm_programs). FLATTEN merges this loop with the K loop, so the\n    # compiler can overlap one tile's epilogue with the next tile's loads.\n    "
    yield str(t_1(t_3(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'blocks'), 'tile', 'tile', 'tile_id', 'num_tiles', 'tl.num_programs(axis=0)', 'tl.range', ', flatten=FLATTEN')), 4))
    yield '\n'
    if (undefined(name='batched') if l_0_batched is missing else l_0_batched):
        pass
        yield '        # Tiles go batch by batch: batch_id picks the product, pid_mn the tile within it.\n        batch_id = tile_id // (num_pid_m * num_pid_n)\n        pid_mn = tile_id % (num_pid_m * num_pid_n)\n'
    yield '        # Grouped ordering, for L2 reuse: consecutive programs walk GROUP_M rows of tiles\n        # column by column instead of one whole row of tiles, so the rows of A and the\n        # columns of B they load are reused from the L2 cache before being evicted.\n        num_pid_in_group = GROUP_M * num_pid_n\n        group_id = '
    yield str((undefined(name='tile') if l_0_tile is missing else l_0_tile))
    yield ' // num_pid_in_group\n        first_pid_m = group_id * GROUP_M\n        group_size_m = tl.minimum(num_pid_m - first_pid_m, GROUP_M)  # the last group may be short\n        pid_m = first_pid_m + (('
    yield str((undefined(name='tile') if l_0_tile is missing else l_0_tile))
    yield ' % num_pid_in_group) % group_size_m)\n        pid_n = ('
    yield str((undefined(name='tile') if l_0_tile is missing else l_0_tile))
    yield ' % num_pid_in_group) // group_size_m\n'
    if (undefined(name='batched') if l_0_batched is missing else l_0_batched):
        pass
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_steps'):
            pass
            yield '        # Split batch_id into one index per batch dimension ('
            yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_dims'), ', '))
            yield '), innermost first.\n        '
            yield str(t_1(t_3(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'batch_id', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_steps'))), 8))
            yield '\n'
        yield "        # Where this batch's matrices start in each tensor.\n"
        for l_1_o in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_offsets'):
            _loop_vars = {}
            pass
            yield '        '
            yield str(environment.getattr(l_1_o, 'name'))
            yield ' = '
            yield str(environment.getattr(l_1_o, 'expr'))
            yield '\n'
        l_1_o = missing
        if ('descriptor' in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')):
            pass
            if (undefined(name='many') if l_0_many is missing else l_0_many):
                pass
                yield '        if ADDRESSING == "descriptor":\n'
                yield str(context.call(environment.getattr(t_1(context.call((undefined(name='descriptors') if l_0_descriptors is missing else l_0_descriptors)), 12, first=True), 'rstrip')))
                yield '\n'
            else:
                pass
                yield str(context.call(environment.getattr(t_1(context.call((undefined(name='descriptors') if l_0_descriptors is missing else l_0_descriptors)), 8, first=True), 'rstrip')))
                yield '\n'
    yield '        # acc accumulates this tile of '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'matmul_text'))
    yield ': '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'precision_note'))
    yield '.\n        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.'
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'acc_dtype'))
    yield ')\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail'):
        pass
        yield '        if BLOCK_N2 > 0:\n            # A tile of BLOCK_N + BLOCK_N2 columns (two powers of two: 64 + 32, 128 + 64) keeps\n            # its last BLOCK_N2 in acc2, so that tile counts can come close to a whole number of\n            # waves over the SMs (tilegen.runtime.gemm_configs.gemm_tail_candidates).\n'
        if (undefined(name='many') if l_0_many is missing else l_0_many):
            pass
            yield '            tl.static_assert(ADDRESSING == "pointer", "BLOCK_N2 > 0 runs with pointer addressing")\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
            pass
            yield '            tl.static_assert(SPLIT_K == 1, "BLOCK_N2 > 0 runs without split-K")\n'
        yield '            acc2 = tl.zeros((BLOCK_M, BLOCK_N2), dtype=tl.'
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'acc_dtype'))
        yield ')\n'
    if (undefined(name='many') if l_0_many is missing else l_0_many):
        pass
        yield '        if ADDRESSING == "'
        yield str(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0))
        yield '":\n'
        yield str(context.call(environment.getattr(t_1(context.call((undefined(name='k_loop') if l_0_k_loop is missing else l_0_k_loop), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0)), 12, first=True), 'rstrip')))
        yield '\n        else:\n'
        yield str(context.call(environment.getattr(t_1(context.call((undefined(name='k_loop') if l_0_k_loop is missing else l_0_k_loop), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 1)), 12, first=True), 'rstrip')))
        yield '\n'
    else:
        pass
        yield str(context.call(environment.getattr(t_1(context.call((undefined(name='k_loop') if l_0_k_loop is missing else l_0_k_loop), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0)), 8, first=True), 'rstrip')))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield "        if SPLIT_K > 1:\n            # Split-K: each program leaves its partial tile in the workspace; the tile's last\n            # program to finish adds up the SPLIT_K partials in split order (the same sum\n            # whichever program is last) and alone goes on to store (last).\n            acc, last = _gemm_split_k_sum(acc, ws_ptr, count_ptr, tile_id, split, SPLIT_K, BLOCK_M, BLOCK_N)\n"
    yield '        # Epilogue: the rest of the spec, on the tile while it is still in registers.\n        offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)\n        offs_cn = pid_n * '
    yield str((undefined(name='tile_n') if l_0_tile_n is missing else l_0_tile_n))
    yield ' + tl.arange(0, BLOCK_N)\n        mask_m = offs_cm < M  # rows and columns past the edges are computed, never stored\n        mask_n = offs_cn < N\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield "        if SPLIT_K > 1:\n            # Only the tile's last program loads the epilogue's inputs and stores.\n            mask_m = tl.where(last, mask_m, False)\n            mask_n = tl.where(last, mask_n, False)\n"
    yield str(context.call(environment.getattr(t_1(context.call((undefined(name='epilogue') if l_0_epilogue is missing else l_0_epilogue)), 8, first=True), 'rstrip')))
    yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'tail'):
        pass
        yield "        if BLOCK_N2 > 0:\n            # The tile's last BLOCK_N2 columns, from acc2: the same epilogue at those columns.\n            acc = acc2\n            offs_cn = pid_n * "
        yield str((undefined(name='tile_n') if l_0_tile_n is missing else l_0_tile_n))
        yield ' + BLOCK_N + tl.arange(0, BLOCK_N2)\n            mask_n = offs_cn < N\n'
        yield str(context.call(environment.getattr(t_1(context.call((undefined(name='epilogue') if l_0_epilogue is missing else l_0_epilogue), 'pointer'), 12, first=True), 'rstrip')))
        yield '\n'
    yield '\n\n'

blocks = {}
debug_info = '3=43&7=49&8=53&10=67&11=71&14=84&15=89&16=93&17=95&21=97&23=99&24=107&25=116&27=120&28=122&29=124&31=133&37=137&38=139&46=149&47=153&48=157&49=160&51=164&52=166&53=170&54=172&57=177&58=179&59=182&60=184&65=191&67=196&68=199&69=203&70=209&72=222&75=234&77=241&78=243&79=246&80=250&83=272&84=274&85=276&86=278&87=280&90=286&91=292&92=296&93=298&94=300&98=307&99=314&100=317&101=327&103=338&107=353&109=359&110=363&111=365&113=368&114=373&115=379&116=382&118=400&121=412&122=417&123=421&125=429&126=432&127=435&128=438&129=442&130=444&132=446&133=449&134=452&136=455&137=459&138=463&139=468&140=472&142=487&146=501&148=505&149=507&150=510&151=513&152=523&153=526&154=534&155=537&157=548&160=555&161=558&163=560&164=564&166=572&167=574&168=576&169=578&170=581&171=583&172=587&176=591&177=594&178=598&181=602&183=605&184=609&186=617&187=621&190=626&192=629&197=632&202=636&203=639&205=641&206=644&210=649&215=653&217=655&219=661&220=664&225=667&228=670&237=678&238=680&244=682&245=684&254=688&257=690&258=692&259=694&260=696&261=699&262=701&265=704&266=708&268=713&269=715&271=718&273=722&277=725&278=729&279=731&284=734&287=737&290=741&292=743&293=746&294=748&296=750&298=754&300=756&309=760&312=762&318=765&319=767&323=770&325=772'