# tilegen: `make run` builds the example specs and validates every kernel
# (on the GPU if there is one, else on the Triton interpreter); `make test` runs the tests.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# Triton 3.6's interpreter needs numpy < 2.4. torch 2.13.0 resolves to a local CPU build here.
PINS := "triton==3.6.0" "numpy<2.4" "torch==2.13.0"

.PHONY: setup run test test-triton39 bench prebuilt clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q $(PINS)
	$(PY) -m pip install -q -e ".[test]"
	touch $@

setup: $(VENV)/.installed

run: setup
	$(PY) -m tilegen build specs/
	$(PY) -m tilegen validate specs/

test: setup
	TRITON_INTERPRET=1 $(PY) -m pytest -q

# Smoke subset on the newest Triton (no block pointers there) in its own venv.
.venv39/.installed: pyproject.toml
	$(PYTHON) -m venv .venv39
	.venv39/bin/python -m pip install -q --upgrade pip
	.venv39/bin/python -m pip install -q "triton==3.9.0" "torch==2.13.0" numpy
	.venv39/bin/python -m pip install -q -e ".[test]"
	touch $@

test-triton39: .venv39/.installed
	TRITON_INTERPRET=1 .venv39/bin/python -m pytest -q -m smoke

bench: setup
	$(PY) -m tilegen bench bench/suite.toml

# The grammar's parse tables and the compiled templates the package ships: rerun after an
# edit to tilegen/frontend/grammar.lark or templates/ (tests/test_prebuilt.py fails until then).
prebuilt: setup
	$(PY) -m tilegen.tools.prebuilt

clean:
	rm -rf $(VENV) .venv39 build dist *.egg-info
