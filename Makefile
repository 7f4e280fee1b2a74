# The README's two commands. Everything else is plain CMake.
BUILD ?= build
JOBS ?= 2
STATE ?= state

.PHONY: deps configure build test run clean arm64-configure test-arm64 bench-pi-arm64 random-play soak-watch

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

# Random play, the long budget (tests/engine/RandomPlayTest.cpp): GAMES seeded games of STEPS
# steps for each of the four games; `make test` plays a short slice of the same test. A seed
# that fails is printed: add it to kRegressions there.
GAMES ?= 1000
STEPS ?= 300
random-play: build
	SENESCHAL_RANDOM_GAMES=$(GAMES) SENESCHAL_RANDOM_STEPS=$(STEPS) \
	  $(BUILD)/tests/engine/engine_tests --gtest_filter='Games/RandomPlayTest.*'

# The whole suite for the Pi's arm64 on this machine (cmake/ARM64.md): makes the arm64 sysroot
# if it is missing (root), cross-builds everything with the tests in $(BUILD)-arm64 and runs ctest
# with every test binary and every program the tests start under qemu-user. Slow (hours on two
# cores; the tests' durations are not the Pi's), so not part of `make test` or CI. The timeout,
# in seconds per test, is for emulation.
SENESCHAL_SYSROOT ?= /opt/sysroot-arm64
ARM64_TIMEOUT ?= 3600

arm64-configure:
	@if [ ! -d $(SENESCHAL_SYSROOT)/usr/include/aarch64-linux-gnu ] || [ ! -f $(SENESCHAL_SYSROOT)/usr/include/civetweb.h ] || \
	    ! command -v qemu-aarch64-static >/dev/null || \
	    ! command -v qemu-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-g++-12 >/dev/null; then \
	  ./.ci/arm64-sysroot.sh $(SENESCHAL_SYSROOT); fi
	cmake -S . -B $(BUILD)-arm64 -G Ninja -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/toolchain-aarch64.cmake \
	  -DSENESCHAL_SYSROOT=$(SENESCHAL_SYSROOT) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSENESCHAL_WERROR=ON $(LAUNCHER)

test-arm64: arm64-configure
	cmake --build $(BUILD)-arm64 -j$(JOBS)
	ctest --test-dir $(BUILD)-arm64 --output-on-failure -j$(JOBS) --timeout $(ARM64_TIMEOUT)

# The frame path's instructions on the Pi's arm64 against this machine's x86-64 (README, "How fast
# a Pi reads"): `seneschal bench pi` counts this build under callgrind, then the arm64 build of its
# child, cross-built alone, under qemu-user with the project's counting plugin, and prints both
# and their ratio per kind of frame and stage. Emulation is slow: the default is a short run
# (PI_ARGS): 2.5 minutes here, after a first cross build of about 15.
PI_ARGS ?= --size 1280x720 --frames 5 --game-frames 10
bench-pi-arm64: build arm64-configure
	cmake --build $(BUILD)-arm64 -j$(JOBS) --target seneschal-frame-cost
	$(BUILD)/firmware/seneschal bench pi --arm64-child $(BUILD)-arm64/firmware/seneschal-frame-cost \
	  --sysroot $(SENESCHAL_SYSROOT) $(PI_ARGS)

# Hours at a table with the watch page open (README, "Watching a game"): the daemon over the
# looped bundled recording with the watch on, PAGES event-stream pages and one real page in
# headless Chromium; resident memory, CPU, the event log and the snapshot folder sampled every
# SAMPLE seconds and summed up per hour. `make test` runs a 1.5-minute slice of the same script.
HOURS ?= 4
PAGES ?= 3
SAMPLE ?= 30
soak-watch: build
	/usr/bin/python3 tests/watch/soak.py --minutes $$(( $(HOURS) * 60 )) --sample-s $(SAMPLE) --pages $(PAGES) \
	  --chromium --report $(BUILD)/soak-watch.json
