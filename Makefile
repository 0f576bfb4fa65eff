# symposium (Go): the sym-* pipeline and cargo-agents.
GO        ?= go
BIN       ?= $(CURDIR)/bin
PREFIX    ?= $(shell $(GO) env GOPATH)/bin
BINARIES  := sym-deps sym-match sym-install sym-hook sym-translate cargo-agents
GOFLAGS_BUILD := -trimpath -ldflags='-s -w'
# Linters, pinned and fetched through the Go module proxy by `go run`, so a
# fresh machine and CI run the same ones with nothing installed by hand.
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2
GOIMPORTS   ?= $(GO) run golang.org/x/tools/cmd/goimports@v0.52.0
DEADCODE    ?= $(GO) run golang.org/x/tools/cmd/deadcode@v0.52.0
MODULE      := github.com/symposium-dev/symposium-go
GOSRC       := cmd pkg internal scripts
export CGO_ENABLED ?= 0
# The reference material tests read (../shared; see scripts/find-shared.sh).
export SYMPOSIUM_SHARED ?= $(shell ./scripts/find-shared.sh)

# The systems we ship for besides the Linux we build on.
CROSS     := windows/amd64 windows/arm64 darwin/amd64 darwin/arm64
ACTIONLINT := github.com/rhysd/actionlint/cmd/actionlint@v1.7.12
# The packages make test-windows runs under Wine (docs/windows.md). A test
# that cannot hold there skips, saying why (internal/ostest): Windows files
# have no Unix permission bits, Wine 8 makes no symlinks, and neither has
# the sh (Git for Windows') that plugin scripts need. cli holds the
# testscript suite: every script runs, or skips saying why.
WINE_PKGS := acquire agent approval atomicfile cargows cli cli/cargoagents cli/setupcmd \
	cli/sourcecmd cli/symhook cli/syminstall cli/symmatch config cratefetch cratepred \
	cratesindex dispatch fileedit hif hookfast hookmatch hookrecord install jqout jsonscan logfile ordjson pipeline plugin \
	pos predexpr proc rawfile selfexe semver sha256 skill stream syncstate term untar updatestate

.PHONY: all build install test test-windows check cross actionlint lint deadcode bench demo e2e-agents dist clean

all: build

build:
	@mkdir -p $(BIN)
	$(GO) build $(GOFLAGS_BUILD) -o $(BIN)/ ./cmd/...

# Puts all six binaries in one directory so `cargo agents ...` works.
install:
	@mkdir -p $(PREFIX)
	GOBIN=$(PREFIX) $(GO) install $(GOFLAGS_BUILD) ./cmd/...
	@echo "installed $(BINARIES) into $(PREFIX)"

# What CI runs: the linters, then every test. TestReleaseFeed
# (pkg/selfupdate) runs make dist twice: goreleaser is built first
# (minutes, once), outside the tests' timeout.
test: lint
	$(GORELEASER) --version >/dev/null
	$(GO) test -count=1 -timeout 30m ./...

# The fast loop: the linters and the tests less the slow ones (-short skips
# the robustness suite, cargo metadata and the README's make demo), plus
# builds + go vet for windows and darwin and actionlint.
check: lint cross actionlint
	$(GO) test -short -count=1 ./...

# Every binary builds, and go vet passes, for each system in CROSS.
cross:
	@set -e; for t in $(CROSS); do \
	  echo "GOOS=$${t%/*} GOARCH=$${t#*/}: build, vet"; \
	  GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) build -o /dev/null ./cmd/... ; \
	  GOOS=$${t%/*} GOARCH=$${t#*/} $(GO) vet ./... ; \
	done

actionlint:
	$(GO) run $(ACTIONLINT) .github/workflows/*.yml

# WINE_PKGS' tests as windows/amd64 binaries under Wine
# (scripts/wine/setup.sh prepares it; Debian: wine64 and
# gcc-mingw-w64-x86-64-win32).
test-windows:
	@overlay=$$(./scripts/wine/setup.sh) && \
	GOOS=windows GOARCH=amd64 $(GO) test -overlay="$$overlay" -exec "$(CURDIR)/scripts/wine/exec.sh" \
	  -short -count=1 $(addprefix ./pkg/,$(WINE_PKGS))

# gofmt, goimports (std, third-party, then our own imports), go vet and
# staticcheck (its default checks, dead code included), all clean.
lint:
	@out=$$(gofmt -l $(GOSRC)) || exit 1; if [ -n "$$out" ]; then echo "gofmt -w needed:"; echo "$$out"; exit 1; fi
	@out=$$($(GOIMPORTS) -l -local $(MODULE) $(GOSRC)) || exit 1; if [ -n "$$out" ]; then echo "goimports -w -local $(MODULE) needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...

# Exported functions nothing reaches, not even a test (staticcheck's U1000
# sees unexported ones only). Not part of lint: it takes another minute.
deadcode:
	@out=$$($(DEADCODE) -test ./...) || exit 1; if [ -n "$$out" ]; then echo "unreachable:"; echo "$$out"; exit 1; fi

# Go benchmarks plus whole-process timings (scripts/bench.sh).
bench: build
	$(GO) test -run '^$$' -bench . -benchmem ./pkg/...
	./scripts/bench.sh $(BIN)
	./scripts/bench-hook.sh $(BIN)
	./scripts/bench-scale.sh $(BIN)
	./scripts/bench-opencode.sh $(BIN)

# Runs the pipeline on the sample workspace in testdata/demo against the
# embedded central plugin source. Touches nothing outside a temp directory.
demo: build
	./scripts/demo.sh $(BIN)

# Opt-in: the real agent CLIs from npm read back what we wrote, and run a
# shell tool call through the hooks sync registered (one allowed, one blocked).
e2e-agents: build
	./scripts/e2e-agents.sh $(BIN)
	./scripts/e2e-agents-skills.sh $(BIN)
	./scripts/e2e-agents-hooks.sh $(BIN)
	SCOPE=global ./scripts/e2e-agents-hooks.sh $(BIN)
	./scripts/e2e-agents-live.sh $(BIN)
	./scripts/e2e-agy.sh $(BIN)

# Release archives for linux, macOS and Windows on amd64 and arm64, a
# checksums file and the update feed's VERSION, in $(DIST) (docs/release.md).
# VERSION=0.4.1 names the version (default: the next patch's -dev);
# DIST_TARGETS="linux_amd64_v1 darwin_arm64_v8.0" builds a subset (the tests
# build their own machine's; without every target there is no Homebrew
# formula or Scoop manifest to write). goreleaser reads the config on stdin with these
# changes, so the checked-in file stays what a tagged release uses.
GORELEASER ?= $(GO) run github.com/goreleaser/goreleaser/v2@v2.15.1
DIST       ?= $(CURDIR)/dist
VERSION    ?=
DIST_TARGETS ?=
comma := ,
space := $(subst ,, )
dist_targets = $(subst $(space),$(comma) ,$(strip $(DIST_TARGETS)))
# goreleaser takes the commit (and its time, for reproducible mtimes) from
# git only when the checkout has a remote; one made from a local clone gets
# the project's, in the environment only. --parallelism 1: the archives list
# the binaries in the order they were built, which must not vary.
dist_git = $(if $(shell git remote 2>/dev/null),,GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url GIT_CONFIG_VALUE_0=https://github.com/symposium-dev/symposium-go.git)
dist:
	{ $(if $(DIST_TARGETS),sed -e 's/^\(    targets: &targets\).*/\1 [$(dist_targets)]/',cat) .goreleaser.yaml; \
	  echo 'dist: "$(DIST)"'; } | \
	  SYMPOSIUM_VERSION='$(VERSION)' $(dist_git) $(GORELEASER) release --snapshot --clean --parallelism 1 $(if $(DIST_TARGETS),--skip=homebrew$(comma)scoop) -f -
	cp .feed/VERSION $(DIST)/VERSION
	@echo "release $$(cat $(DIST)/VERSION) in $(DIST) (serve it: docs/release.md)"

clean:
	rm -rf $(BIN) dist .feed
