# The two commands a newcomer needs: `make dev` and `make test`. Both install what they need first.
SHELL := /bin/bash
.DEFAULT_GOAL := help

.PHONY: help install toolchain browser dev test test-moments build

help:
	@echo "make dev   - install, migrate, seed and start PostgreSQL (if needed), Temporal, worker and web app"
	@echo "make test  - install, then typecheck, lint, unit, integration and browser tests"
	@echo "make test-moments - the tests that read the clock, at four moments (a Saturday, Sunday 23:59, both summer-time Sundays)"

install: node_modules/.install-stamp toolchain

# npm install, not npm ci: this registry lacks other platforms' optional packages, so ci refuses the lockfile.
node_modules/.install-stamp: package.json package-lock.json $(wildcard patches/*.patch)
	npm install --no-audit --no-fund --loglevel=error
	@touch $@

toolchain:
	@bash scripts/ensure-temporal.sh >/dev/null

browser:
	@bash scripts/ensure-chromium.sh

dev: install
	@npm run --silent dev

test: install browser
	npm run --silent typecheck
	npm run --silent lint
	npm run --silent test

test-moments: install browser
	bash scripts/test-moments.sh

build: install
	npm run --silent build

