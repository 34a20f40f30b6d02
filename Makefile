# spadc - top-level driver around CMake/CTest.
#   make            build build/spadc, build/libspadc.a
#   make test       install missing Debian packages, build, run the tests (CTest
#                   labels quick and full: every test but the long tier)
#   make check      build and run the quick tier (about a minute): before every commit
#   make test-long  the long tier (CTest label long, not in CI): valgrind over the
#                   corpus, pip install ./python in a fresh venv, the npu corpus on
#                   PyTorchSim's tpuv6e and 8x8 files
#   make demo       build and run the main job on the built-in example
#   make SANITIZE=1 ASan+UBSan build in build-asan/ (make SANITIZE=1 test runs the suite there)
#   make test-torch spadc.torch's tests (tests/python/torch, pytest) in the venv
#                   VENV (default ~/.cache/spadc-venv), made and given the pins of
#                   tools/torch_requirements.txt when missing (tools/test_torch.sh)
#   make fuzz       libFuzzer harnesses (clang, ASan+UBSan) in build-fuzz/, with
#                   the whole library and its tests built by clang too
#   make fuzz-check the clang label in build-fuzz/ (unit tests, fuzz corpora
#                   replays, the CLI's bad-input tests: tests/tests.cmake):
#                   what CI runs with clang
#   make fuzz-run   run each harness for FUZZ_SECONDS (default 600) on its corpus
#   make difftest   N random programs (default 200) on cpu, npu, the reference
#                   interpreter and mlir-runner-22; failures shrunk into tests/regress/
#   make peers-ext  the peers harness (../shared/peers, copied to build/peers, its
#                   libraries installed if missing) with build/peers/bin/bench_ext
#                   built from bench/peers_ext.c: EXT_LABEL=spadc build/peers/run.sh
#   make bench      bench/peers.sh (spadc vs oneDNN, OpenBLAS, BLIS, libxsmm at 1 and
#                   2 threads, goals MET/MISS; ISA=avx2 for a like-for-like AVX2 run
#                   on an AVX-512 host), bench/bf16.sh (spadc bf16 Linear+ReLU vs
#                   spadc f32 and oneDNN bf16, same shapes; ISA=avx2 too),
#                   bench/conditions.sh (weights bound vs passed per call, idle vs one
#                   spinning process, against oneDNN and IREE with data tiling),
#                   bench/mlir22_peer.sh (3-layer MLP vs MLIR 22), bench/layers.sh
#                   (whole layers vs PyTorch and IREE), bench/py_overhead.py (a
#                   Python call's cost above the C API) and bench/sweep.sh (a 1024-point
#                   spadc-sweep, Dask 1 vs 2 workers) and bench/silicon.sh (the npu
#                   against TPUv3 silicon and four simulators on the ten calibration
#                   workloads of tests/corpus/silicon, with each kernel's roofline),
#                   bench/pools.py and bench/attention_bf16.py (pooling layers and
#                   bf16 attention against PyTorch eager, through spadc.torch);
#                   raw output in build/bench/
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
ifeq ($(SANITIZE),1)
BUILD ?= build-asan
CMAKE_FLAGS += -DSPADC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
else
BUILD ?= build
CMAKE_FLAGS += -DCMAKE_BUILD_TYPE=RelWithDebInfo
endif

.PHONY: all configure test test-long check deps demo fuzz fuzz-check fuzz-run difftest clean check-tools peers-ext bench test-torch

all: configure
	cmake --build $(BUILD) -j $(JOBS)

configure:
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null

deps:
	@bash tools/deps.sh

SAN_ENV = ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1

test: deps all
	@bash tools/pyenv.sh
	cd $(BUILD) && $(SAN_ENV) ctest -LE long --output-on-failure -j $(JOBS)

test-long: deps all
	@bash tools/pyenv.sh
	cd $(BUILD) && $(SAN_ENV) ctest -L long --output-on-failure -j $(JOBS)

check: all
	@bash tools/pyenv.sh
	cd $(BUILD) && ctest -L quick --output-on-failure -j $(JOBS)

demo: all
	@bash tools/demo.sh $(BUILD)/spadc

# PYTEST_ARGS='-k dynamo -x', VENV=DIR, TORCH_INDEX_URL=U: see tools/test_torch.sh
test-torch: all
	SPADC_LIBRARY=$(abspath $(BUILD))/libspadc.so bash tools/test_torch.sh $(PYTEST_ARGS)

fuzz: deps
	@test -f build-fuzz/CMakeCache.txt || CC=clang cmake -S . -B build-fuzz -DSPADC_FUZZ=ON \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build build-fuzz -j $(JOBS)

fuzz-check: fuzz
	@bash tools/pyenv.sh
	cd build-fuzz && $(SAN_ENV) ctest -L clang --output-on-failure -j $(JOBS)

FUZZ_SECONDS ?= 600
fuzz-run: fuzz
	@for h in build-fuzz/fuzz_*; do case $$h in *_replay) continue;; esac; \
	  n=$$(basename $$h); mkdir -p build-fuzz/corpus-$$n; \
	  echo "== $$n for $(FUZZ_SECONDS) s"; \
	  dict=""; case $$n in fuzz_reader|fuzz_plan) dict=-dict=fuzz/mlir.dict;; esac; \
	  $$h $$dict -max_total_time=$(FUZZ_SECONDS) -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
	    -artifact_prefix=build-fuzz/$$n- build-fuzz/corpus-$$n fuzz/corpus/$$n 2>&1 | tail -3 || exit 1; done

N ?= 200
SEED ?= 1
# e.g. DIFFTEST_FLAGS='--regress DIR --shrink-per-class 2'
DIFFTEST_FLAGS ?=
difftest: deps all
	python3 tools/difftest.py -n $(N) --seed $(SEED) --spadc $(BUILD)/spadc $(DIFFTEST_FLAGS)

clean:
	rm -rf build build-asan build-fuzz

# The peers harness is read-only in ../shared: it is copied once (rm -rf
# build/peers to take a fresh copy). Its libraries come from Debian (apt-get,
# as root) and are installed only when one is missing.
# (../shared beside the main checkout also from a git worktree elsewhere)
PEERS_SRC ?= $(firstword $(wildcard ../shared/peers $(dir $(shell git rev-parse --path-format=absolute --git-common-dir 2>/dev/null))../shared/peers) ../shared/peers)
PEERS_DIR := build/peers
PEERS_PKGS := libopenblas-dev libblis-dev libdnnl-dev libxsmm-dev
peers-ext:
	@$(MAKE) --no-print-directory all BUILD=build SANITIZE=
	@test -d $(PEERS_DIR) || { test -d $(PEERS_SRC) || { echo "no $(PEERS_SRC)"; exit 1; }; \
	  cp -r $(PEERS_SRC) $(PEERS_DIR); rm -rf $(PEERS_DIR)/bin $(PEERS_DIR)/obj; }
	@n=$$(dpkg-query -W -f='$${Status}\n' $(PEERS_PKGS) 2>/dev/null | grep -c 'install ok installed'); \
	  [ "$$n" = 4 ] || $(MAKE) -C $(PEERS_DIR) deps
	@rm -f $(PEERS_DIR)/bin/bench_ext
	$(MAKE) -s -C $(PEERS_DIR) all bench_ext EXT=$(CURDIR)/bench/peers_ext.c \
	  EXT_CFLAGS="-DPEERS_EXT_PLUGIN -I$(CURDIR)/include" \
	  EXT_LDLIBS="$(CURDIR)/build/libspadc.a $$(pkg-config --libs yaml-0.1 2>/dev/null)"
	@echo "built $(PEERS_DIR)/bin/bench_ext: EXT_LABEL=spadc $(PEERS_DIR)/run.sh"

bench: peers-ext
	bash bench/peers.sh
	bash bench/conditions.sh
	bash bench/bf16.sh
	bash bench/mlir22_peer.sh
	bash bench/layers.sh
	@bash tools/pyenv.sh && $${SPADC_PY_VENV:-$$HOME/.cache/spadc-py}/bin/python bench/py_overhead.py
	bash bench/sweep.sh
	bash bench/silicon.sh
	$${VENV:-$$HOME/.cache/spadc-venv}/bin/python bench/pools.py
	$${VENV:-$$HOME/.cache/spadc-venv}/bin/python bench/attention_bf16.py
