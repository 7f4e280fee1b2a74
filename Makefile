# The README's two commands. Everything else is plain CMake.
BUILD ?= build
JOBS ?= 2
STATE ?= state

.PHONY: deps configure build test run clean

# Compiling goes through ccache when it is there (install-deps installs it). The base dir makes
# paths relative, so a clone in another folder (CI's clean clone) finds the same cache entries.
CCACHE := $(shell command -v ccache 2>/dev/null)
ifneq ($(CCACHE),)
export CCACHE_BASEDIR := $(CURDIR)
export CCACHE_NOHASHDIR := 1
LAUNCHER := -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
endif

deps:
	./.ci/install-deps.sh

configure: deps
	cmake -S . -B $(BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSENESCHAL_WERROR=ON $(LAUNCHER)

build: configure
	cmake --build $(BUILD) -j$(JOBS)

# Installs, builds and runs every test (display tests under xvfb-run, see tests/CMakeLists.txt).
test: build
	ctest --test-dir $(BUILD) --output-on-failure -j$(JOBS)

# Installs, builds and plays the bundled recorded session: a window when there is a display,
# PNG snapshots under $(STATE)/snapshots when there is none. The log is $(STATE)/seneschal.sqlite.
# The bundled recording's table answered the values the rulebooks do not print; a fresh state
# folder starts with those answers (later answers at the table are added to the same file).
run: build
	@mkdir -p $(STATE) && [ -f $(STATE)/card-answers.json ] || \
	  cp assets/recordings/first-game/card-answers.json $(STATE)/card-answers.json
	@if [ -n "$$DISPLAY" ]; then \
	  $(BUILD)/firmware/seneschald --state-dir $(STATE) --new-game; \
	else \
	  $(BUILD)/firmware/seneschald --headless --state-dir $(STATE) --new-game && \
	  echo "snapshots: $(STATE)/snapshots/"; \
	fi

clean:
	rm -rf $(BUILD)
