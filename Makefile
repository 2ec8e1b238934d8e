# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean postgres tesseract discord-openapi

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The store tests and the bench start their own throw-away PostgreSQL server.
postgres:
	tests/ensure-postgres

# The phone-readability test reads boards with Tesseract (Debian's package).
tesseract:
	command -v tesseract >/dev/null || (apt-get update && apt-get install -y --no-install-recommends tesseract-ocr)

test: lint postgres tesseract
	$(BIN)/pytest -n auto

# Refresh the copy of Discord's OpenAPI spec the double checks requests against (network).
discord-openapi: $(STAMP)
	tests/refresh-discord-openapi

bench: $(STAMP) postgres
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
