from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'gemm.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_k = resolve('k')
    l_0_sc = l_0_loops = l_0_s = l_0_a = l_0_b = l_0_many = l_0_batched = l_0_tile = l_0_tensors = l_0_tile_outs = l_0_other_outs = l_0_host_descs = l_0_descriptors = l_0_k_loop = l_0_stores = missing
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
        t_6 = environment.filters['public']
    except KeyError:
        @internalcode
        def t_6(*unused):
            raise TemplateRuntimeError("No filter named 'public' found.")
    try:
        t_7 = environment.filters['pytuple']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'pytuple' found.")
    try:
        t_8 = environment.filters['rejectattr']
    except KeyError:
        @internalcode
        def t_8(*unused):
            raise TemplateRuntimeError("No filter named 'rejectattr' found.")
    try:
        t_9 = environment.filters['selectattr']
    except KeyError:
        @internalcode
        def t_9(*unused):
            raise TemplateRuntimeError("No filter named 'selectattr' found.")
    try:
        t_10 = environment.filters['tojson']
    except KeyError:
        @internalcode
        def t_10(*unused):
            raise TemplateRuntimeError("No filter named 'tojson' found.")
    try:
        t_11 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_11(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    try:
        t_12 = environment.tests['string']
    except KeyError:
        @internalcode
        def t_12(*unused):
            raise TemplateRuntimeError("No test named 'string' found.")
    pass
    l_0_sc = context.vars['sc'] = environment.get_template('_scalars.py.j2', 'gemm.py.j2')._get_default_module(context)
    context.exported_vars.discard('sc')
    l_0_loops = context.vars['loops'] = environment.get_template('_loops.j2', 'gemm.py.j2')._get_default_module(context)
    context.exported_vars.discard('loops')
    l_0_s = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'sig')
    context.vars['s'] = l_0_s
    context.exported_vars.add('s')
    l_0_a = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'a')
    context.vars['a'] = l_0_a
    context.exported_vars.add('a')
    l_0_b = environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'b')
    context.vars['b'] = l_0_b
    context.exported_vars.add('b')
    l_0_many = (t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')) > 1)
    context.vars['many'] = l_0_many
    context.exported_vars.add('many')
    l_0_batched = (t_3(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_dims')) > 0)
    context.vars['batched'] = l_0_batched
    context.exported_vars.add('batched')
    l_0_tile = ('pid_mn' if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else 'tile_id')
    context.vars['tile'] = l_0_tile
    context.exported_vars.add('tile')
    l_0_tensors = (environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs') + environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'))
    context.vars['tensors'] = l_0_tensors
    context.exported_vars.add('tensors')
    l_0_tile_outs = t_4(context.eval_ctx, t_9(context, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'outputs'), 'tile_store'))
    context.vars['tile_outs'] = l_0_tile_outs
    context.exported_vars.add('tile_outs')
    l_0_other_outs = t_4(context.eval_ctx, t_8(context, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'outputs'), 'tile_store'))
    context.vars['other_outs'] = l_0_other_outs
    context.exported_vars.add('other_outs')
    l_0_host_descs = (('descriptor' in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')) and (not (undefined(name='batched') if l_0_batched is missing else l_0_batched)))
    context.vars['host_descs'] = l_0_host_descs
    context.exported_vars.add('host_descs')
    def macro():
        t_13 = []
        pass
        t_13.append(
            '# Tensor descriptors: the hardware (TMA on Hopper) computes the addresses, reads zeros\n# past the edges and drops writes past them, so nothing is masked. The launcher checked\n# their rules: 16-byte aligned base and strides, last stride 1.\n',
        )
        for l_2_op in ((undefined(name='a') if l_0_a is missing else l_0_a), (undefined(name='b') if l_0_b is missing else l_0_b)):
            _loop_vars = {}
            pass
            t_13.extend((
                str(environment.getattr(l_2_op, 'role')),
                '_desc = tl.make_tensor_descriptor(',
                str(environment.getattr(environment.getattr(l_2_op, 'tensor'), 'name')),
                '_ptr',
                str((str_join((' + ', environment.getattr(l_2_op, 'batch_offs'), )) if environment.getattr(l_2_op, 'batch_offs') else cond_expr_undefined("the inline if-expression on line 22 in 'gemm.py.j2' evaluated to false and no else section was defined."))),
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
            t_13.extend((
                str(environment.getattr(environment.getattr(l_2_o, 'tensor'), 'name')),
                '_desc = tl.make_tensor_descriptor(',
                str(environment.getattr(environment.getattr(l_2_o, 'tensor'), 'name')),
                '_ptr',
                str((str_join((' + ', environment.getattr(l_2_o, 'batch_offs'), )) if environment.getattr(l_2_o, 'batch_offs') else cond_expr_undefined("the inline if-expression on line 25 in 'gemm.py.j2' evaluated to false and no else section was defined."))),
                ', shape=[M, N], strides=[',
                str(environment.getattr(l_2_o, 'stride_m')),
                ', 1], block_shape=[BLOCK_M, BLOCK_N // 2])\n',
            ))
        l_2_o = missing
        return concat(t_13)
    context.exported_vars.add('descriptors')
    context.vars['descriptors'] = l_0_descriptors = Macro(environment, macro, 'descriptors', (), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_mode):
        t_14 = []
        if l_1_mode is missing:
            l_1_mode = undefined("parameter 'mode' was not provided", name='mode')
        pass
        if (l_1_mode == 'pointer'):
            pass
            t_14.extend((
                '# Pointer arithmetic: a_ptrs is a [BLOCK_M, BLOCK_K] block of pointers into ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'what')),
                ',\n# b_ptrs a [BLOCK_K, BLOCK_N] block into ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what')),
                ': base + row * row stride + column * column stride.\n# Rows past M and columns past N wrap around (% M, % N), so those loads stay in bounds\n# without a mask; the results they feed are never stored.\noffs_am = (pid_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M\noffs_bn = (pid_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N\noffs_k = tl.arange(0, BLOCK_K)\na_ptrs = ',
                str(environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')),
                '_ptr',
                str((str_join((' + ', environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'batch_offs'), )) if environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'batch_offs') else cond_expr_undefined("the inline if-expression on line 37 in 'gemm.py.j2' evaluated to false and no else section was defined."))),
                ' + (offs_am[:, None] * ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'stride_rows')),
                ' + offs_k[None, :] * ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'stride_cols')),
                ')\nb_ptrs = ',
                str(environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name')),
                '_ptr',
                str((str_join((' + ', environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'batch_offs'), )) if environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'batch_offs') else cond_expr_undefined("the inline if-expression on line 38 in 'gemm.py.j2' evaluated to false and no else section was defined."))),
                ' + (offs_k[:, None] * ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_rows')),
                ' + offs_bn[None, :] * ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_cols')),
                ')\n',
            ))
            if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
                pass
                t_14.extend((
                    "if SPLIT_K > 1:\n    # Split-K: this program sums the K blocks from k_first up to (not including) k_last, its\n    # share of the tile's SPLIT_K even slices (a slice is empty where K has fewer blocks).\n    k_first = split * tl.cdiv(K, BLOCK_K) // SPLIT_K\n    k_last = (split + 1) * tl.cdiv(K, BLOCK_K) // SPLIT_K\n    a_ptrs += k_first * BLOCK_K * ",
                    str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'stride_k')),
                    '\n    b_ptrs += k_first * BLOCK_K * ',
                    str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_k')),
                    '\nelse:\n    k_first, k_last = 0, tl.cdiv(K, BLOCK_K)\nfor k in range(k_first, k_last):\n',
                ))
            else:
                pass
                t_14.append(
                    'for k in range(0, tl.cdiv(K, BLOCK_K)):\n',
                )
            t_14.extend((
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
                ')\n    # Advance both blocks of pointers to the next BLOCK_K slice of K.\n    a_ptrs += BLOCK_K * ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'stride_k')),
                '\n    b_ptrs += BLOCK_K * ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'stride_k')),
                '\n',
            ))
        elif (l_1_mode == 'descriptor'):
            pass
            if (not (undefined(name='batched') if l_0_batched is missing else l_0_batched)):
                pass
                t_14.append(
                    '# Tensor descriptors (TMA on Hopper), built by the launcher after checking their rules\n# (16-byte aligned base and strides, last stride 1): the hardware computes the addresses,\n# reads zeros past the edges and drops writes past them, so nothing is masked.\n',
                )
            t_14.extend((
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
                    t_14.extend((
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
                    t_14.extend((
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
            t_14.extend((
                '    acc = tl.dot(a, b, acc',
                str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_args')),
                ')\n',
            ))
        else:
            pass
            t_14.extend((
                '# Block pointers: Triton tracks a [BLOCK_M, BLOCK_K] window of ',
                str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'what')),
                ' and a\n# [BLOCK_K, BLOCK_N] window of ',
                str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'what')),
                '; boundary_check zero-fills what lies past M, N or K.\n',
            ))
            for l_2_op in ((undefined(name='a') if l_0_a is missing else l_0_a), (undefined(name='b') if l_0_b is missing else l_0_b)):
                _loop_vars = {}
                pass
                t_14.extend((
                    str(environment.getattr(l_2_op, 'role')),
                    '_block_ptr = tl.make_block_ptr(',
                    str(environment.getattr(environment.getattr(l_2_op, 'tensor'), 'name')),
                    '_ptr',
                    str((str_join((' + ', environment.getattr(l_2_op, 'batch_offs'), )) if environment.getattr(l_2_op, 'batch_offs') else cond_expr_undefined("the inline if-expression on line 81 in 'gemm.py.j2' evaluated to false and no else section was defined."))),
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
            t_14.extend((
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
        return concat(t_14)
    context.exported_vars.add('k_loop')
    context.vars['k_loop'] = l_0_k_loop = Macro(environment, macro, 'k_loop', ('mode',), False, False, False, context.eval_ctx.autoescape)
    def macro(l_1_mode):
        t_15 = []
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
                    t_15.append(
                        '# _gemm_store_halves: the tile leaves in two [BLOCK_M, BLOCK_N // 2] halves, so the\n# TMA store stages half as much in shared memory (more is left for the K loop).\n',
                    )
                t_15.extend((
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
                t_15.extend((
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_block_ptr = tl.make_block_ptr(',
                    str(environment.getattr((undefined(name='t') if l_2_t is missing else l_2_t), 'name')),
                    '_ptr',
                    str((str_join((' + ', environment.getattr(l_2_o, 'batch_offs'), )) if environment.getattr(l_2_o, 'batch_offs') else cond_expr_undefined("the inline if-expression on line 101 in 'gemm.py.j2' evaluated to false and no else section was defined."))),
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
                t_15.extend((
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
        return concat(t_15)
    context.exported_vars.add('stores')
    context.vars['stores'] = l_0_stores = Macro(environment, macro, 'stores', ('mode',), False, False, False, context.eval_ctx.autoescape)
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
        yield str(t_1(t_11(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'params'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
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
            yield str((str_join((' (read as ', environment.getattr(l_1_op, 'what'), ')', )) if environment.getattr(l_1_op, 'transposed') else cond_expr_undefined("the inline if-expression on line 146 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
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
        yield "[tiles * SPLIT_K * BLOCK_M * BLOCK_N]: each program's partial tile\n    count_ptr,  # i32[tiles], zeroed by the launcher: how many of each tile's programs have finished\n"
    yield '    BLOCK_M: tl.constexpr,  # each program computes [BLOCK_M, BLOCK_N] tiles of the output,\n    BLOCK_N: tl.constexpr,\n    BLOCK_K: tl.constexpr,  # stepping through K, BLOCK_K at a time\n    GROUP_M: tl.constexpr,  # rows of tiles per group in the grouped ordering (1: row-major)\n'
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
    yield str((str_join((environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_count'), ' x ', )) if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else cond_expr_undefined("the inline if-expression on line 176 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
    yield '[M, K] @ [K, N] ('
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'matmul_text'))
    yield ') into acc, then the epilogue. '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'precision_note'))
    yield '.\n    """\n'
    if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'retyped_scalars'):
        pass
        yield '    '
        yield str(t_1(t_11(context.call(environment.getattr((undefined(name='sc') if l_0_sc is missing else l_0_sc), 'typed'), (undefined(name='s') if l_0_s is missing else l_0_s))), 4))
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
    yield '    num_pid_m = tl.cdiv(M, BLOCK_M)\n    num_pid_n = tl.cdiv(N, BLOCK_N)\n    num_tiles = '
    yield str(('BATCH * ' if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else cond_expr_undefined("the inline if-expression on line 197 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
    yield "num_pid_m * num_pid_n\n    # Program pid computes the output tiles pid, pid + P, pid + 2P, ... (P programs). The\n    # launcher starts one program per tile, so the loop runs once, or, persistent, at most one\n    # per SM, each looping over many tiles (as many programs as the tiles need for an even\n    # share, see tilegen.runtime.gemm.gemm_programs). FLATTEN merges this loop with the K loop, so the\n    # compiler can overlap one tile's epilogue with the next tile's loads.\n    "
    yield str(t_1(t_11(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'blocks'), 'tile', 'tile', 'tile_id', 'num_tiles', 'tl.num_programs(axis=0)', 'tl.range', ', flatten=FLATTEN')), 4))
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
            yield str(t_1(t_11(context.call(environment.getattr((undefined(name='loops') if l_0_loops is missing else l_0_loops), 'split_index'), 'batch_id', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_steps'))), 8))
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
    yield '        # Epilogue: the rest of the spec, on the tile while it is still in registers.\n        offs_cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)\n        offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)\n        mask_m = offs_cm < M  # rows and columns past the edges are computed, never stored\n        mask_n = offs_cn < N\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield "        if SPLIT_K > 1:\n            # Only the tile's last program loads the epilogue's inputs and stores.\n            mask_m = tl.where(last, mask_m, False)\n            mask_n = tl.where(last, mask_n, False)\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'uses_rand'):
        pass
        yield "        # rand() draws from each element's row-major index in the whole ["
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'space_text'))
        yield '] output.\n        offs = '
        yield str(('(batch_id * M + offs_cm[:, None])' if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else 'offs_cm[:, None]'))
        yield ' * N + offs_cn[None, :]\n'
    for l_1_t in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'loads'):
        _loop_vars = {}
        pass
        yield '        # '
        yield str(environment.getattr(environment.getattr(l_1_t, 'tensor'), 'name'))
        yield ': '
        yield str(environment.getattr(l_1_t, 'note'))
        yield str(('; computed in f32' if environment.getattr(l_1_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 269 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
        yield '.\n'
        if environment.getattr(l_1_t, 'mask'):
            pass
            yield '        '
            yield str(environment.getattr(environment.getattr(l_1_t, 'tensor'), 'name'))
            yield ' = '
            yield str((environment.getitem(environment.getattr(l_1_t, 'upcast'), 0) if environment.getattr(l_1_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 271 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
            yield 'tl.load('
            yield str(environment.getattr(environment.getattr(l_1_t, 'tensor'), 'name'))
            yield '_ptr + '
            yield str(environment.getattr(l_1_t, 'offs'))
            yield ', mask='
            yield str(environment.getattr(l_1_t, 'mask'))
            yield ', other='
            yield str(environment.getattr(l_1_t, 'other'))
            yield ')'
            yield str((environment.getitem(environment.getattr(l_1_t, 'upcast'), 1) if environment.getattr(l_1_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 271 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
            yield '\n'
        else:
            pass
            yield '        '
            yield str(environment.getattr(environment.getattr(l_1_t, 'tensor'), 'name'))
            yield ' = '
            yield str((environment.getitem(environment.getattr(l_1_t, 'upcast'), 0) if environment.getattr(l_1_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 273 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
            yield 'tl.load('
            yield str(environment.getattr(environment.getattr(l_1_t, 'tensor'), 'name'))
            yield '_ptr + '
            yield str(environment.getattr(l_1_t, 'offs'))
            yield ')'
            yield str((environment.getitem(environment.getattr(l_1_t, 'upcast'), 1) if environment.getattr(l_1_t, 'upcast') else cond_expr_undefined("the inline if-expression on line 273 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
            yield '\n'
    l_1_t = missing
    for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'statements'):
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
    yield '        # Store each output, cast to its declared type'
    yield str(('; masks keep rows and columns past the edges out' if (('pointer' in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')) or (undefined(name='other_outs') if l_0_other_outs is missing else l_0_other_outs)) else cond_expr_undefined("the inline if-expression on line 280 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
    yield '.\n'
    if ((undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs) and (undefined(name='many') if l_0_many is missing else l_0_many)):
        pass
        yield '        if ADDRESSING == "'
        yield str(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0))
        yield '":\n'
        yield str(context.call(environment.getattr(t_1(context.call((undefined(name='stores') if l_0_stores is missing else l_0_stores), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0)), 12, first=True), 'rstrip')))
        yield '\n        else:\n'
        yield str(context.call(environment.getattr(t_1(context.call((undefined(name='stores') if l_0_stores is missing else l_0_stores), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 1)), 12, first=True), 'rstrip')))
        yield '\n'
    elif (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
        pass
        yield str(context.call(environment.getattr(t_1(context.call((undefined(name='stores') if l_0_stores is missing else l_0_stores), environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 0)), 8, first=True), 'rstrip')))
        yield '\n'
    for l_1_o in (undefined(name='other_outs') if l_0_other_outs is missing else l_0_other_outs):
        l_1_t = missing
        _loop_vars = {}
        pass
        l_1_t = environment.getattr(l_1_o, 'tensor')
        _loop_vars['t'] = l_1_t
        yield '        # '
        yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'name'))
        yield ': '
        yield str(environment.getattr(l_1_o, 'note'))
        yield '.\n'
        if environment.getattr(l_1_o, 'mask'):
            pass
            yield '        tl.store('
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'name'))
            yield '_ptr + '
            yield str(environment.getattr(l_1_o, 'offs'))
            yield ', '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'store_open'))
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'name'))
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'store_cast'))
            yield ', mask='
            yield str(environment.getattr(l_1_o, 'mask'))
            yield ')\n'
        else:
            pass
            yield '        tl.store('
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'name'))
            yield '_ptr + '
            yield str(environment.getattr(l_1_o, 'offs'))
            yield ', '
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'store_open'))
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'name'))
            yield str(environment.getattr((undefined(name='t') if l_1_t is missing else l_1_t), 'store_cast'))
            yield ')\n'
    l_1_o = l_1_t = missing
    yield '\n\n# What '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield "'s spec fixes about its launches (see tilegen.runtime.gemm.gemm_config).\n_"
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_gemm = dict(\n    id="'
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'kernel_id'))
    yield '",\n    fingerprint="'
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'fingerprint'))
    yield '",  # of the signature and statements: edits are tuned afresh\n    pinned={ '
    for (l_1_key, l_1_value) in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pinned'):
        _loop_vars = {}
        pass
        yield '"'
        yield str(l_1_key)
        yield '": '
        yield str((t_10(context.eval_ctx, l_1_value) if t_12(l_1_value) else l_1_value))
        yield ', '
    l_1_key = l_1_value = missing
    yield '},\n    modes='
    yield str(t_7(t_5(context, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes'), 'tojson')))
    yield ',\n    dtypes="'
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dtypes_key'))
    yield '",\n    elem_bytes='
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'elem_bytes'))
    yield ',\n    batched='
    yield str((undefined(name='batched') if l_0_batched is missing else l_0_batched))
    yield ',  # batched kernels build their tensor descriptors in the kernel\n    split_k='
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'))
    yield ',  # SPLIT_K is compiled in: programs may share a tile, each over a slice of K\n)\n\n\n'
    template = environment.get_template('_launcher_head.py.j2', 'gemm.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'b': l_0_b, 'batched': l_0_batched, 'descriptors': l_0_descriptors, 'host_descs': l_0_host_descs, 'k_loop': l_0_k_loop, 'loops': l_0_loops, 'many': l_0_many, 'other_outs': l_0_other_outs, 's': l_0_s, 'sc': l_0_sc, 'stores': l_0_stores, 'tensors': l_0_tensors, 'tile': l_0_tile, 'tile_outs': l_0_tile_outs}))
    try:
        for event in gen:
            yield event
    finally: gen.close()
    yield '    # Sizes: '
    yield str((str_join((environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_count'), ' products of ', )) if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else cond_expr_undefined("the inline if-expression on line 314 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
    yield '[M, K] @ [K, N] -> [M, N].\n    size_m, size_n, size_k, size_batch = '
    yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dims'), ', '))
    yield ', '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_count'))
    yield '\n    if size_m == 0 or size_n == 0 or size_batch == 0:\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'partial_outputs'):
        pass
        yield '        # No tiles to run. '
        yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'partial_outputs'), ', '))
        yield ' may still have elements: the reference computes them.\n        for _out, _value in zip(('
        yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
        yield ',), '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_reference('
        yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'params'), attribute='name'), ', '))
        yield ')):\n            _out.copy_(_value)\n'
    else:
        pass
        yield '        # Nothing to compute: return the (empty) outputs without launching.\n'
    yield '        return '
    yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n'
    if ('descriptor' in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'modes')):
        pass
        yield '    # Do offsets need 64 bits, and can tensor descriptors address the operands and outputs (TMA\n    # rules, 32-bit offsets, K > 0)? Facts of the signature, worked out on its first call\n    # (tilegen.runtime.gemm_configs.gemm_facts).\n    _index_64, _tma_ok = _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_calls.facts(\n        signature, _gemm.gemm_facts, ('
        yield str(t_2(context.eval_ctx, t_5(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
        yield ',),\n        '
        yield str(t_7((([environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')] + ([environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name')] if (environment.getattr(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'tensor'), 'name') != environment.getattr(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'tensor'), 'name')) else [])) + t_4(context.eval_ctx, t_5(context, (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs), attribute='tensor.name')))))
        yield ', size_k)\n'
    else:
        pass
        yield '    _index_64 = _args.needs_int64('
        yield str(t_2(context.eval_ctx, t_5(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
        yield ')\n    _tma_ok = False\n'
    yield '\n    def _launch(config, '
    yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '):\n        # One program per [BLOCK_M, BLOCK_N] output tile'
    yield str((' of each product' if (undefined(name='batched') if l_0_batched is missing else l_0_batched) else cond_expr_undefined("the inline if-expression on line 338 in 'gemm.py.j2' evaluated to false and no else section was defined.")))
    yield '; a persistent\n        # launch starts at most one program per SM, each looping over tiles: the fewest that\n        # need no more rounds of tiles than one per SM would (see tilegen.runtime.gemm.gemm_programs).\n        num_tiles = size_batch * _args.cdiv(size_m, config["block_m"]) * _args.cdiv(size_n, config["block_n"])\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '        # Split-K: split_k programs per tile, which meet in a workspace of partial tiles and\n        # count themselves in (tilegen.runtime.gemm.gemm_split_k_buffers); 1: one program per tile.\n        split_k = config["split_k"]\n        _ws, _count = _gemm.gemm_split_k_buffers(num_tiles, config, '
        yield str(environment.getattr(environment.getitem((undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), 0), 'name'))
        yield '.device, torch.'
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'acc_dtype'))
        yield ')\n        grid = (_gemm.gemm_programs(num_tiles, config["sms"]) if config["persistent"] else num_tiles * split_k,)\n'
    else:
        pass
        yield '        grid = (_gemm.gemm_programs(num_tiles, config["sms"]) if config["persistent"] else num_tiles,)\n'
    if (undefined(name='host_descs') if l_0_host_descs is missing else l_0_host_descs):
        pass
        yield '        # Addressing "descriptor": the tensor descriptors, built here on the host rather than\n        # in the kernel (measured faster, docs/language.md); None for the other addressings.\n        _a_desc = _b_desc = '
        for l_1_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            yield '_'
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield '_desc = '
        l_1_o = missing
        yield 'None\n        if config["addressing"] == "descriptor":\n'
        for l_1_op in ((undefined(name='a') if l_0_a is missing else l_0_a), (undefined(name='b') if l_0_b is missing else l_0_b)):
            _loop_vars = {}
            pass
            yield '            _'
            yield str(environment.getattr(l_1_op, 'role'))
            yield '_desc = TensorDescriptor.from_tensor('
            yield str(environment.getattr(environment.getattr(l_1_op, 'tensor'), 'name'))
            yield ', ['
            yield str(environment.getattr(l_1_op, 'desc_host_block'))
            yield '])\n'
        l_1_op = missing
        for l_1_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            yield '            _'
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield '_desc = TensorDescriptor.from_tensor('
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield ', [config["block_m"], config["block_n"] // 2])\n'
        l_1_o = missing
    yield '        # '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel[grid](...) through tilegen.runtime.launch: straight to the compiled kernel\n        # once Triton has compiled it for arguments of these classes.\n        _fast.launch(\n            '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_kernel,\n            grid,\n'
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'inputs'):
        _loop_vars = {}
        pass
        yield '            '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ',\n'
    l_1_t = missing
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield '            '
        yield str(environment.getattr(l_1_p, 'name'))
        yield ',\n'
    l_1_p = missing
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield '            '
        yield str(environment.getattr(l_1_t, 'name'))
        yield ',\n'
    l_1_t = missing
    yield '            size_m,\n            size_n,\n            size_k,\n'
    if (undefined(name='batched') if l_0_batched is missing else l_0_batched):
        pass
        yield '            size_batch,\n'
        for l_1_d in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'batch_args'):
            _loop_vars = {}
            pass
            yield '            '
            yield str(l_1_d)
            yield ',\n'
        l_1_d = missing
    for l_1_t in (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors):
        _loop_vars = {}
        pass
        for (l_2_axis, l_2_stride) in environment.getattr(l_1_t, 'strides'):
            _loop_vars = {}
            pass
            yield '            '
            yield str(environment.getattr(l_1_t, 'name'))
            yield '.stride('
            yield str(l_2_axis)
            yield '),\n'
        l_2_axis = l_2_stride = missing
    l_1_t = missing
    if (undefined(name='host_descs') if l_0_host_descs is missing else l_0_host_descs):
        pass
        yield '            _'
        yield str(environment.getattr((undefined(name='a') if l_0_a is missing else l_0_a), 'role'))
        yield '_desc,\n            _'
        yield str(environment.getattr((undefined(name='b') if l_0_b is missing else l_0_b), 'role'))
        yield '_desc,\n'
        for l_1_o in (undefined(name='tile_outs') if l_0_tile_outs is missing else l_0_tile_outs):
            _loop_vars = {}
            pass
            yield '            _'
            yield str(environment.getattr(environment.getattr(l_1_o, 'tensor'), 'name'))
            yield '_desc,\n'
        l_1_o = missing
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '            _ws,\n            _count,\n'
    yield '            BLOCK_M=config["block_m"],\n            BLOCK_N=config["block_n"],\n            BLOCK_K=config["block_k"],\n            GROUP_M=config["group_m"],\n'
    if (undefined(name='many') if l_0_many is missing else l_0_many):
        pass
        yield '            ADDRESSING=config["addressing"],\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_dtype'):
        pass
        yield '            DOT_DTYPE=tl.float32 if _args.interpreting() else tl.'
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'dot_dtype'))
        yield ',\n'
    yield '            PERSISTENT=grid[0] < num_tiles,\n            FLATTEN=config["flatten"],\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield '            SPLIT_K=split_k,\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'split_k'):
        pass
        yield "            # 64-bit also where the split-K workspace's offsets pass 2**31.\n            INDEX_64=_index_64 or (_ws is not None and _ws.numel() >= 2**31),\n"
    else:
        pass
        yield '            INDEX_64=_index_64,\n'
    yield '            num_warps=config["warps"],\n            num_stages=config["stages"],\n        )\n\n    # Block configuration, addressing and persistence: pinned, cached or tuned (see tilegen.runtime.gemm.gemm_config).\n    config = _gemm.gemm_config(_'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_gemm, schedule, device, (size_batch, size_m, size_n, size_k), _tma_ok, _launch, ('
    yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield ',), _narrow)\n    _launch(config, '
    yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield ')\n    _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launcher.last_config = dict(config)  # (a parameter or local may be called '
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield ')\n    return '
    yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n\n\n_'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launcher = '
    yield str(t_6(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name')))
    yield '\n'
    yield str(t_6(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name')))
    yield '.last_config = None  # how the last call launched: block sizes, addressing, ...\n\n\n'
    template = environment.get_template('_reference.py.j2', 'gemm.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'a': l_0_a, 'b': l_0_b, 'batched': l_0_batched, 'descriptors': l_0_descriptors, 'host_descs': l_0_host_descs, 'k_loop': l_0_k_loop, 'loops': l_0_loops, 'many': l_0_many, 'other_outs': l_0_other_outs, 's': l_0_s, 'sc': l_0_sc, 'stores': l_0_stores, 'tensors': l_0_tensors, 'tile': l_0_tile, 'tile_outs': l_0_tile_outs}))
    try:
        for event in gen:
            yield event
    finally: gen.close()

blocks = {}
debug_info = '1=85&2=87&5=89&6=92&7=95&8=98&9=101&10=104&11=107&12=110&13=113&16=116&17=119&21=125&22=129&24=143&25=147&28=160&29=165&30=169&31=171&37=173&38=181&39=190&45=194&46=196&54=206&55=210&56=214&58=216&59=218&60=221&61=223&66=230&68=235&69=238&70=242&71=248&73=261&76=273&78=280&79=282&80=285&81=289&84=311&85=313&86=315&87=317&88=319&91=325&92=331&93=335&94=337&95=339&99=346&100=353&101=356&102=366&104=377&108=393&110=397&111=399&112=402&113=405&114=415&115=418&116=426&117=429&119=440&122=447&123=450&125=452&126=456&128=464&129=466&130=468&131=470&132=473&133=475&134=479&138=483&139=486&140=490&143=494&145=497&146=501&148=509&149=513&152=518&154=521&161=524&162=527&164=529&165=532&169=537&174=541&176=543&178=549&179=552&184=555&187=558&197=566&203=568&204=570&213=574&216=576&217=578&218=580&219=582&220=585&221=587&224=590&225=594&227=599&228=601&230=604&232=608&236=611&237=615&238=617&239=620&240=622&242=624&244=628&246=630&258=634&264=637&265=640&266=642&268=644&269=648&270=653&271=656&273=673&276=684&277=688&278=692&280=698&281=700&282=703&283=705&285=707&286=709&287=711&289=713&290=717&291=720&292=724&293=727&295=740&300=750&301=752&302=754&303=756&304=758&305=768&306=770&307=772&308=774&309=776&313=778&314=785&315=787&317=791&318=794&319=796&324=806&325=808&329=811&330=813&331=815&333=820&337=823&338=825&342=827&346=830&351=837&354=840&356=848&357=852&359=859&360=863&363=869&366=871&368=873&369=877&371=880&372=884&374=887&375=891&380=895&382=898&383=902&386=905&387=908&388=912&391=918&392=921&393=923&394=925&395=929&398=932&406=936&409=939&410=942&414=945&417=948&428=955&429=959&430=961&431=965&434=967&435=971&438=973'