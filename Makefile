# spadc - top-level driver around CMake/CTest.
#   make            build build/spadc, build/libspadc.a
#   make test       install missing Debian packages, build, run every test (CTest)
#   make demo       build and run the main job on the built-in example
#   make SANITIZE=1 ASan+UBSan build in build-asan/ (make SANITIZE=1 test runs the suite there)
#   make fuzz       libFuzzer harnesses (clang) in build-fuzz/
#   make fuzz-run   run each harness for FUZZ_SECONDS (default 600) on its corpus
#   make difftest   N random programs (default 200) on cpu, npu, the reference
#                   interpreter and mlir-runner-22; failures shrunk into tests/regress/
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
ifeq ($(SANITIZE),1)
BUILD ?= build-asan
CMAKE_FLAGS += -DSPADC_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
else
BUILD ?= build
CMAKE_FLAGS += -DCMAKE_BUILD_TYPE=RelWithDebInfo
endif

.PHONY: all configure test deps demo fuzz fuzz-run difftest clean check-tools

all: configure
	cmake --build $(BUILD) -j $(JOBS)

configure:
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) $(CMAKE_FLAGS) >/dev/null

deps:
	@bash tools/deps.sh

test: deps all
	cd $(BUILD) && ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
	  UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS)

demo: all
	@bash tools/demo.sh $(BUILD)/spadc

fuzz:
	@test -f build-fuzz/CMakeCache.txt || CC=clang cmake -S . -B build-fuzz -DSPADC_FUZZ=ON \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build build-fuzz -j $(JOBS)

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
difftest: deps all
	python3 tools/difftest.py -n $(N) --seed $(SEED) --spadc $(BUILD)/spadc

clean:
	rm -rf build build-asan build-fuzz
