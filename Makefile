# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean postgres tesseract discord-openapi catalogs catalogs-compile

$(STAMP): pyproject.toml
	test -d $(VENV) || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Message catalogs (docs/ARCHITECTURE.md §12): `make catalogs` extracts every word from the
# code into i18n/locale/turnstile.pot, every slash command's names from the command tree
# into i18n/locale/commands.pot, and updates each language's .po; the build compiles the
# .po files into .mo (never committed).
KEYWORDS := -k tx -k txn:1,2 -k txc:1c,2 -k txcn:1c,2,3
POS := $(wildcard i18n/locale/*/LC_MESSAGES/*.po)
MOS := $(POS:.po=.mo)

%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile -D $(basename $(notdir $<)) -i $< -o $@

catalogs-compile: $(MOS)

catalogs: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg $(KEYWORDS) --no-default-keywords --add-comments=i18n: \
		--sort-by-file --project=Turnstile --copyright-holder="Turnstile's authors" \
		--no-wrap -o i18n/locale/turnstile.pot .
	$(BIN)/pybabel update -D turnstile -i i18n/locale/turnstile.pot -d i18n/locale --no-fuzzy-matching --ignore-obsolete --no-wrap
	$(BIN)/python -m bot.cogs.localization i18n/locale/commands.pot
	$(BIN)/pybabel update -D commands -i i18n/locale/commands.pot -d i18n/locale --no-fuzzy-matching --ignore-obsolete --no-wrap

run: $(STAMP) catalogs-compile
	$(BIN)/python -m bot

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

# The store tests and the bench start their own throw-away PostgreSQL server.
postgres:
	tests/ensure-postgres

# The phone-readability test reads boards with Tesseract and its English and French models
# (Debian's packages), one per language a board is drawn in.
tesseract:
	tesseract --list-langs 2>/dev/null | grep -qx fra || (apt-get update && apt-get install -y --no-install-recommends tesseract-ocr tesseract-ocr-eng tesseract-ocr-fra)

test: lint postgres tesseract catalogs-compile
	$(BIN)/pytest -n auto

# Refresh the copy of Discord's OpenAPI spec the double checks requests against (network).
discord-openapi: $(STAMP)
	tests/refresh-discord-openapi

bench: $(STAMP) postgres
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
