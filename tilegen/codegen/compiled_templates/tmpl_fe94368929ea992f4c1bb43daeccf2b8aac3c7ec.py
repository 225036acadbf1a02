from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = '_reduction_launcher.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_s = resolve('s')
    l_0_k = resolve('k')
    l_0_tensors = resolve('tensors')
    l_0_w = resolve('w')
    l_0_win = resolve('win')
    l_0_width = resolve('width')
    l_0_m = resolve('m')
    l_0_verb = resolve('verb')
    l_0_window_call = l_0_choice_args = l_0_vary = missing
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
        t_7 = environment.filters['trim']
    except KeyError:
        @internalcode
        def t_7(*unused):
            raise TemplateRuntimeError("No filter named 'trim' found.")
    pass
    def macro(l_1_k):
        t_8 = []
        l_1_w = l_0_w
        if l_1_k is missing:
            l_1_k = undefined("parameter 'k' was not provided", name='k')
        pass
        l_1_w = environment.getattr(environment.getattr(l_1_k, 'team'), 'window')
        t_8.extend((
            '_reduction.row_window(\n            ',
            str(environment.getattr((undefined(name='w') if l_1_w is missing else l_1_w), 'vector')),
            ',\n            ',
            str(environment.getattr(l_1_k, 'ncols')),
            ',\n            (',
            str(t_2(context.eval_ctx, environment.getattr((undefined(name='w') if l_1_w is missing else l_1_w), 'col_strides'), ', ')),
            ',),\n            (',
            str(t_2(context.eval_ctx, environment.getattr((undefined(name='w') if l_1_w is missing else l_1_w), 'misaligned'), ', ')),
            ',),\n',
        ))
        for l_2_strides in environment.getattr((undefined(name='w') if l_1_w is missing else l_1_w), 'row_strides'):
            _loop_vars = {}
            pass
            t_8.extend((
                '            (',
                str(t_2(context.eval_ctx, l_2_strides, ', ')),
                ',),\n',
            ))
        l_2_strides = missing
        t_8.append(
            '        )',
        )
        return concat(t_8)
    context.exported_vars.add('window_call')
    context.vars['window_call'] = l_0_window_call = Macro(environment, macro, 'window_call', ('k',), False, False, False, context.eval_ctx.autoescape)
    yield '# Launch table for '
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
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_welford'):
        pass
        yield '# strategy is looped at '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_welford'))
        yield " columns: this kernel's variance joins its mean's\n# pass (Welford), so the looped kernel reads the row only twice: once for the mean and the\n# variance, once (from cache) for the outputs (WELFORD_LOOPED_AT in tilegen/lower/reduction/launch.py).\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_looped'):
        pass
        yield '# Over rows loaded element by element (an odd width or row stride) these looped entries\n# (_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_looped) take the chunks the padded entries take for such rows: 512 columns of 4\n# warps or 1024 of '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'chunk_warps'))
        yield ', whichever leaves fewer lanes past the row end (ties: the larger),\n# except over few row blocks (at most the number an SM that _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_looped gives each\n# entry), where their own stay (tilegen.runtime.reduction.looped_chunk).\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_heavy'):
        pass
        yield '# At max_n '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_heavy'))
        yield " a looped entry comes before the single pass of the same width:\n# this kernel's row outputs cost a quotient, a power or a transcendental function a value,\n# none of it feeding a reduction, and the entry's chunks hold fewer values a thread through\n# that work than the single pass does. The launcher skips it (for the single pass) over at\n# most _"
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_heavy[max_n] row blocks an SM and over rows loaded element by element\n# (HEAVY_OUTPUTS_CHUNKED in tilegen/lower/reduction/launch.py).\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'):
        pass
        yield '# The max_n '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'))
        yield ' entries (_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield "_padded) run looped: their rows would fill at\n# most 3/4 of the next entry's power-of-two block, so they run in chunks, padded less\n# (PADDED_SHARE in tilegen/lower/reduction/launch.py). The launcher sizes the chunks to how\n# the rows load (tilegen.runtime.reduction.padded_chunk): rows of whole 16-byte vectors take\n# the entry's own columns and warps or 2048 columns of 8 warps, rows loaded element by element\n# 512 columns of 4 warps, 1024 of "
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'chunk_warps'))
        yield " or the entry's own if at most 2048 of 8, other rows\n# the entry's own; of those, the chunks that leave the fewest lanes past the row end (ties:\n# the larger). Over few row blocks (at most the number an SM that _"
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield "_padded gives\n# each entry) a row's latency is the kernel's time: the launcher skips them there and takes\n# the next entry (tilegen.runtime.reduction.few_row_blocks).\n"
    if (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') and environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'divides')):
        pass
        yield "# A team's segments are BLOCK_N columns, or half as many where the larger team fits the SMs\n# and the rows load element by element (an odd width or row stride) or, this kernel dividing\n# per element, through a window (WINDOW > 1), or the teams are fewer programs than the SMs\n# (tilegen.runtime.reduction.team_block).\n"
    elif environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'):
        pass
        yield "# A team's segments are BLOCK_N columns, or half as many where the rows load element by\n# element or the teams are fewer programs than the SMs, and the larger team fits the SMs\n# (tilegen.runtime.reduction.team_block).\n"
    if (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') and environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'window')):
        pass
        yield '# Where the rows do not start on 16-byte boundaries the segments start at the boundary\n# before the row and move whole vectors (WINDOW: tilegen.runtime.reduction.row_window).\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'few_rows_team'):
        pass
        yield "# Over few rows loaded element by element (an odd width or row stride), where the team entry's\n# segments make at least two programs a row and the teams fit in one wave of the SMs, the\n# launcher runs the team instead: its segments start at the 16-byte boundary before each row\n# and move whole vectors, and more SMs share each row (tilegen.runtime.reduction.few_rows_team).\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_narrow'):
        pass
        yield '# At the max_n '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_narrow'))
        yield ' entries (_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield "_narrow) the launcher sizes ROWS from the row: this\n# kernel's online max-and-sum chains two reductions and an exp per element, and blocks of 4\n# values a thread (8 where the row fills its block in vectors) let more programs overlap their\n# latencies (ONLINE_NARROW_AT in tilegen/lower/reduction/launch.py,\n# tilegen.runtime.reduction.narrow_rows).\n"
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_half_block'):
        pass
        yield '# The max_n '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_half_block'))
        yield ' entry holds 4 rows a program in 2 warps, 16 values a thread, as the\n# 512 and 1024 entries hold at their widest rows (ONLINE_HALF_BLOCK_ROW in\n# tilegen/lower/reduction/launch.py).\n'
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
        yield '# max_n of the entries for rows mostly padding: the row blocks an SM up to which the launcher skips them\n_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded = '
        yield str(str_join(('{', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded_few'), '}', )))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_looped'):
        pass
        yield '# max_n of the other looped entries: the row blocks an SM up to which their own chunks stay for rows loaded element by element\n_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_looped = '
        yield str(str_join(('{', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_looped_few'), '}', )))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_heavy'):
        pass
        yield '# max_n of the chunked entries for heavy outputs: the row blocks an SM up to which the launcher skips them\n_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_heavy = '
        yield str(str_join(('{', environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_heavy_few'), '}', )))
        yield '\n'
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
    l_0_choice_args = t_2(context.eval_ctx, ((['device'] + t_4(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'dim_sources'), attribute='dim'))) + t_4(context.eval_ctx, t_5(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'))), ', ')
    context.vars['choice_args'] = l_0_choice_args
    context.exported_vars.add('choice_args')
    yield 'def _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launch_choice('
    yield str((undefined(name='choice_args') if l_0_choice_args is missing else l_0_choice_args))
    yield '):\n    """How '
    yield str(t_6(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name')))
    yield '() launches for one call signature: (kernel, grid,\n    '
    yield str(('team workspace words' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') else '0 (no team)'))
    yield ", launch keywords), from the launch table above and\n    the rules of tilegen.runtime.reduction. All of it follows from the signature (sizes,\n    strides, device, data pointers' offsets from a "
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'pointer_align'))
    yield '-byte boundary'
    yield str(('; for a team,\n    also whether a CUDA graph is being captured' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') else cond_expr_undefined("the inline if-expression on line 146 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield "), so the launcher works it out on a\n    signature's first call only (Calls.facts)."
    yield str((' The team workspace words are 0 where the\n    launch is no team.' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') else cond_expr_undefined("the inline if-expression on line 148 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield '"""\n    n_rows = '
    yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'n_rows'))
    yield '\n    for max_n, strategy, BLOCK_N, ROWS, num_warps, per_sm, stages in _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launch_table:\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'):
        pass
        yield '        if max_n is None or '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' <= max_n:\n            # An entry for rows mostly padding (_'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded) only where the rows fill the SMs.\n            skip = max_n in _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded and _reduction.few_row_blocks(device, n_rows, _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded[max_n])\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_heavy'):
            pass
            yield '            # The chunks for heavy outputs (_'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '_heavy) give way to the single pass after\n            # them over few row blocks and rows loaded element by element.\n            skip = skip or (\n                strategy == "looped"\n                and max_n in _'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '_heavy\n                and _reduction.heavy_gives_way(device, n_rows, _'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '_heavy[max_n], '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield ', '
            yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'), ', '))
            yield ')\n            )\n'
        yield '            if not skip:\n                break\n    if strategy == "looped" and max_n in _'
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_padded:\n        # Chunks sized to how the rows load: whole 16-byte vectors, element by element, or between.\n        BLOCK_N, num_warps = _reduction.padded_chunk(\n            '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ', BLOCK_N, num_warps, '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_itemsize'))
        yield ', '
        for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'):
            _loop_vars = {}
            pass
            yield str(l_1_st)
            yield ', '
        l_1_st = missing
        yield 'chunk_warps='
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'chunk_warps'))
        yield '\n        )\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_looped'):
            pass
            yield '    elif strategy == "looped" and max_n in _'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '_looped:\n        # Rows loaded element by element: smaller chunks, but over few row blocks.\n        BLOCK_N, num_warps = _reduction.looped_chunk(\n            '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield ', BLOCK_N, num_warps, '
            for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'):
                _loop_vars = {}
                pass
                yield str(l_1_st)
                yield ', '
            l_1_st = missing
            yield 'chunk_warps='
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'chunk_warps'))
            yield ',\n            few=_reduction.few_row_blocks(device, n_rows, _'
            yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
            yield '_looped[max_n]),\n        )\n'
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
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'few_rows_team'):
        pass
        yield '    WINDOW = 0  # (worked out where a team may run)\n    if strategy != "team" and _reduction.few_rows_team(\n        device, n_rows, '
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ', '
        yield str(environment.getitem(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'few_rows_team'), 1))
        yield ', '
        yield str(environment.getattr(environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'window'), 'vector'))
        yield ', '
        yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'), ', '))
        yield "\n    ):\n        # Few rows loaded element by element: a team (the table's team entry and its BLOCK_N),\n        # where its segments can start at the 16-byte boundary before each row and move\n        # whole vectors (row_window).\n        WINDOW = "
        yield str(context.call((undefined(name='window_call') if l_0_window_call is missing else l_0_window_call), (undefined(name='k') if l_0_k is missing else l_0_k)))
        yield '\n        if WINDOW > 1:\n            strategy, BLOCK_N, ROWS, num_warps, per_sm, stages = '
        yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'few_rows_team'), ', '))
        yield '\n'
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
            yield '        # Rows that do not start and end on 16-byte boundaries, alike in every row-sized\n        # tensor: segments from the boundary before the row (tilegen.runtime.reduction.row_window).\n'
            if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'few_rows_team'):
                pass
                yield '        # (Already worked out, above 1, where the few-rows rule above took the team.)\n'
            yield '        WINDOW = '
            yield str(('WINDOW or ' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'few_rows_team') else cond_expr_undefined("the inline if-expression on line 219 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
            yield str(context.call((undefined(name='window_call') if l_0_window_call is missing else l_0_window_call), (undefined(name='k') if l_0_k is missing else l_0_k)))
            yield '\n'
        l_0_win = ('WINDOW' if (undefined(name='w') if l_0_w is missing else l_0_w) else '1')
        context.vars['win'] = l_0_win
        context.exported_vars.add('win')
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team_block'):
            pass
            if (environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'divides') and (undefined(name='w') if l_0_w is missing else l_0_w)):
                pass
                yield '        # Rows loaded element by element or, this kernel dividing along the row, through a\n        # window, or too few programs to fill the SMs: segments of fewer columns\n        # (tilegen.runtime.reduction.team_block).\n'
            else:
                pass
                yield '        # Rows loaded element by element, or too few programs to fill the SMs: segments of\n        # fewer columns (tilegen.runtime.reduction.team_block).\n'
            yield '        BLOCK_N = _reduction.team_block(\n            device, '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield ', BLOCK_N, '
            yield str(t_2(context.eval_ctx, environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'), ', '))
            yield str((', ' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides') else cond_expr_undefined("the inline if-expression on line 232 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
            yield 'n_rows=n_rows, window='
            yield str((undefined(name='win') if l_0_win is missing else l_0_win))
            yield str((', divides=True' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'divides') else cond_expr_undefined("the inline if-expression on line 232 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
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
        yield ')\n        if _reduction.team_fits(device, TEAM):\n            constexprs = dict(\n                BLOCK_N=BLOCK_N,\n                TEAM=TEAM,\n                TEAM_P2=_args.next_power_of_2(TEAM),\n                ROWS=1,\n                # 64-bit also when the workspace index (row_block * W + w0) * TEAM + ... may pass 2**31'
        yield str((",\n                # or the whole vectors past the last row's end do" if (undefined(name='w') if l_0_w is missing else l_0_w) else cond_expr_undefined("the inline if-expression on line 250 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
        yield '.\n                INDEX_64=_args.needs_int64('
        yield str(t_2(context.eval_ctx, t_5(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
        yield str((', margin=WINDOW - 1' if (undefined(name='w') if l_0_w is missing else l_0_w) else cond_expr_undefined("the inline if-expression on line 252 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
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
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'past_end'):
            pass
            yield '                # Lanes outside the row: past its end in the last segment'
            yield str((', before its start with a window' if (undefined(name='w') if l_0_w is missing else l_0_w) else cond_expr_undefined("the inline if-expression on line 261 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
            yield '.\n                PAST_END='
            yield str(('WINDOW > 1 or ' if (undefined(name='w') if l_0_w is missing else l_0_w) else cond_expr_undefined("the inline if-expression on line 262 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
            yield 'TEAM * BLOCK_N != '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield ',\n'
        yield '                num_warps=num_warps,\n            )\n            return '
        yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
        yield '_team_kernel, (n_rows * TEAM,), n_rows * '
        yield str(environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'words'))
        yield ' * TEAM, constexprs\n        # See tilegen.runtime.reduction.team_fits: the looped kernel instead.\n        strategy, BLOCK_N, ROWS, num_warps, per_sm, stages = '
        yield str(t_2(context.eval_ctx, environment.getattr(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'), 'fallback'), ', '))
        yield '\n'
        if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'table_padded'):
            pass
            if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'divides'):
                pass
                yield '        # Rows loaded element by element that these chunks pad much, or (this kernel divides\n        # per element, padding lanes too) rows whose lanes narrower chunks cut by more than an\n        # eighth: narrower chunks, over more than one row block an SM\n        # (tilegen.runtime.reduction.fallback_chunk).\n'
            else:
                pass
                yield '        # Rows loaded element by element that these chunks would pad much: narrower chunks,\n        # over more than one row block an SM (tilegen.runtime.reduction.fallback_chunk).\n'
            yield '        BLOCK_N, num_warps = _reduction.fallback_chunk(\n            device, n_rows, '
            yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
            yield ', BLOCK_N, num_warps, '
            for l_1_st in environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'row_strides'):
                _loop_vars = {}
                pass
                yield str(l_1_st)
                yield ', '
            l_1_st = missing
            yield str(('divides=True' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'divides') else cond_expr_undefined("the inline if-expression on line 280 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
            yield '\n        )\n'
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
    yield '    # n_rows > 0 here: the launcher returns before asking where there are no rows.\n    num_row_blocks = _args.cdiv(n_rows, ROWS)\n    grid = (num_row_blocks,)\n    if per_sm:\n        # Persistent grid: per_sm programs per SM, each looping over row blocks.\n        n_sms = _reduction.sm_count(device) if device.type == "cuda" else 1\n        grid = (min(num_row_blocks, per_sm * n_sms),)\n'
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
    yield "    constexprs = dict(\n        BLOCK_N=BLOCK_N,\n        ROWS=ROWS,\n        NUM_STAGES=stages,\n        PERSISTENT=grid[0] < num_row_blocks,\n        # 64-bit also when the last row block's rows (row_block * ROWS + ROWS - 1) pass 2**31.\n        INDEX_64=_args.needs_int64("
    yield str(t_2(context.eval_ctx, t_5(context, (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors), attribute='name'), ', '))
    yield ') or num_row_blocks * ROWS > 2**31,\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'aligned'):
        pass
        yield '        '
        yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'align_launch'), (undefined(name='k') if l_0_k is missing else l_0_k))), 8))
        yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'past_end'):
        pass
        yield "        # The row's last block runs past its end: its quotients divide 1.0 there.\n        PAST_END="
        yield str(environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'ncols'))
        yield ' % BLOCK_N != 0,\n'
    yield '        num_warps=num_warps,\n        **extra,\n    )\n    return kernel, grid, 0, constexprs\n\n\n'
    template = environment.get_template('_launcher_head.py.j2', '_reduction_launcher.py.j2')
    gen = template.root_render_func(template.new_context(context.get_all(), True, {'choice_args': l_0_choice_args, 'vary': l_0_vary, 'verb': l_0_verb, 'w': l_0_w, 'width': l_0_width, 'win': l_0_win, 'window_call': l_0_window_call}))
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
        yield str((' and ' if (not environment.getattr(l_1_loop, 'last')) else cond_expr_undefined("the inline if-expression on line 347 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
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
    yield '    # How to launch for this signature: _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launch_choice, worked out on its first call'
    yield str(('\n    # (and again when a CUDA graph is being captured, where a team cannot run: tilegen.runtime.reduction.launch_key)' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') else cond_expr_undefined("the inline if-expression on line 367 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield '.\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'):
        pass
        yield '    choice = _reduction.launch_key(signature, device)\n'
    yield '    kernel, grid, team_words, constexprs = _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls.facts(\n        '
    yield str(('choice' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') else 'signature'))
    yield ', _'
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_launch_choice, '
    yield str((undefined(name='choice_args') if l_0_choice_args is missing else l_0_choice_args))
    yield '\n    )\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'):
        pass
        yield "    # A team's programs meet in a workspace, under a fresh epoch each launch: (ws, epoch),\n    # its last two arguments (tilegen.runtime.reduction.team_workspace).\n    team_args = _reduction.team_workspace(device, team_words) if team_words else ()\n"
    l_0_vary = (((['the scalars'] if environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars') else []) + ['the outputs (allocated or passed in)']) + (["the team's workspace and epoch"] if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') else []))
    context.vars['vary'] = l_0_vary
    context.exported_vars.add('vary')
    yield '    # kernel[grid](...) through tilegen.runtime.launch: straight to the compiled kernel\n    # once Triton has compiled it for arguments of these classes. Keyed on each call:\n    # '
    yield str(t_2(context.eval_ctx, (undefined(name='vary') if l_0_vary is missing else l_0_vary)[:-1], ', '))
    yield str((' and ' if (t_3((undefined(name='vary') if l_0_vary is missing else l_0_vary)) > 1) else cond_expr_undefined("the inline if-expression on line 383 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield str(environment.getitem((undefined(name='vary') if l_0_vary is missing else l_0_vary), -1))
    yield "; the launch\n    # choice's key fixes the classes of the other arguments.\n    _fast.launch_known(\n        _"
    yield str(environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'name'))
    yield '_calls.launches,\n        '
    yield str(('choice' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') else 'signature'))
    yield ',\n        ('
    for l_1_p in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'scalars'):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_p, 'name'))
        yield ', '
    l_1_p = missing
    for l_1_t in environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'):
        _loop_vars = {}
        pass
        yield str(environment.getattr(l_1_t, 'name'))
        yield ', '
    l_1_t = missing
    yield str(('*team_args' if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team') else cond_expr_undefined("the inline if-expression on line 388 in '_reduction_launcher.py.j2' evaluated to false and no else section was defined.")))
    yield '),\n        kernel,\n        grid,\n        '
    yield str(t_1(t_7(context.call(environment.getattr((undefined(name='m') if l_0_m is missing else l_0_m), 'launch_args'), (undefined(name='s') if l_0_s is missing else l_0_s), (undefined(name='k') if l_0_k is missing else l_0_k), (undefined(name='tensors') if l_0_tensors is missing else l_0_tensors))), 8))
    yield '\n'
    if environment.getattr((undefined(name='k') if l_0_k is missing else l_0_k), 'team'):
        pass
        yield '        *team_args,\n'
    yield '        **constexprs,\n    )\n    return '
    yield str(t_2(context.eval_ctx, t_5(context, environment.getattr((undefined(name='s') if l_0_s is missing else l_0_s), 'outputs'), attribute='name'), ', '))
    yield '\n'

blocks = {}
debug_info = '3=62&4=68&6=71&7=73&8=75&9=77&10=80&11=85&15=96&16=100&18=102&19=104&20=108&21=111&25=115&26=118&29=123&35=125&36=128&40=130&41=133&45=135&47=138&48=140&49=142&52=144&53=147&57=149&60=151&61=154&66=158&68=160&72=162&77=165&82=168&86=171&92=174&93=177&99=181&100=184&104=186&105=189&109=191&110=194&112=196&114=199&116=201&117=205&120=209&122=212&124=216&126=219&128=223&130=226&132=230&133=233&135=237&136=240&137=242&141=245&142=249&143=253&144=255&146=257&148=261&150=263&151=265&152=267&153=270&154=272&155=274&156=278&157=281&161=283&162=285&167=292&170=294&172=307&173=310&176=312&177=323&180=325&181=328&183=330&186=337&189=339&192=342&197=350&199=352&201=354&204=357&205=360&207=366&208=370&210=375&212=378&213=381&216=384&219=388&221=391&222=394&223=396&232=403&235=411&236=414&239=418&240=420&243=422&250=424&252=426&253=429&254=431&255=434&257=436&260=439&261=442&262=444&266=449&268=453&269=455&270=457&280=464&284=475&286=477&288=479&289=481&303=485&309=489&310=491&311=493&318=500&319=502&321=505&331=513&332=515&333=518&335=520&337=523&345=526&346=533&347=536&349=544&350=546&352=549&353=551&355=557&357=559&358=561&359=565&361=567&363=571&364=577&367=584&369=588&372=592&373=594&375=600&380=603&383=607&386=611&387=613&388=615&391=629&392=631&397=635'