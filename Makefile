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

.PHONY: all build install test check lint deadcode bench demo e2e-agents clean

all: build

build:
	@mkdir -p $(BIN)
	$(GO) build $(GOFLAGS_BUILD) -o $(BIN)/ ./cmd/...

# Puts all six binaries in one directory so `cargo agents ...` works.
install:
	@mkdir -p $(PREFIX)
	GOBIN=$(PREFIX) $(GO) install $(GOFLAGS_BUILD) ./cmd/...
	@echo "installed $(BINARIES) into $(PREFIX)"

# What CI runs: the linters, then every test.
test: lint
	$(GO) test -count=1 ./...

# The fast loop: the linters and the tests less the slow ones (-short skips
# the robustness suite, cargo metadata and the README's make demo).
check: lint
	$(GO) test -short -count=1 ./...

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
	./scripts/e2e-agy.sh $(BIN)

clean:
	rm -rf $(BIN)
