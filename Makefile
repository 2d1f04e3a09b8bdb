# The two commands a newcomer needs: `make dev` and `make test`. Both install what they need first.
SHELL := /bin/bash
.DEFAULT_GOAL := help

.PHONY: help install toolchain temporal-server browser dev test test-moments build stack-production

help:
	@echo "make dev   - install, migrate, seed and start PostgreSQL (if needed), Temporal, worker and web app"
	@echo "make test  - install, then typecheck, lint, unit, integration and browser tests"
	@echo "make stack-production - the production shape on this machine: the build, two web processes on one port, two workers, Temporal's full server on PostgreSQL"
	@echo "make test-moments - the tests that read the clock, at four moments (a Saturday, Sunday 23:59, both summer-time Sundays)"

install: node_modules/.install-stamp toolchain

# npm install, not npm ci: this registry lacks other platforms' optional packages, so ci refuses the lockfile.
node_modules/.install-stamp: package.json package-lock.json $(wildcard patches/*.patch)
	npm install --no-audit --no-fund --loglevel=error
	@touch $@

toolchain:
	@bash scripts/ensure-temporal.sh >/dev/null

# Temporal's full server with PostgreSQL (ADR 0100): the production stack and the test that kills it.
temporal-server:
	@bash scripts/ensure-temporal-server.sh >/dev/null

browser:
	@bash scripts/ensure-chromium.sh

dev: install
	@npm run --silent dev

test: install browser temporal-server
	npm run --silent typecheck
	npm run --silent lint
	npm run --silent test

test-moments: install browser
	bash scripts/test-moments.sh

build: install
	npm run --silent build

stack-production: install temporal-server
	@npm run --silent stack:production

