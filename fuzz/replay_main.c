/* replay_main.c - run a libFuzzer harness over saved inputs without libFuzzer.
 * Usage: fuzz_X_replay DIR|FILE...  (every regular file in each DIR)
 * Built with the normal tests so every harness always compiles and every
 * saved input (crashes once fixed, seeds) replays in CTest. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *buf = malloc(n > 0 ? (size_t)n : 1);
    size_t got = fread(buf, 1, (size_t)(n > 0 ? n : 0), f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, got);
    free(buf);
    return 0;
}

int main(int argc, char **argv) {
    int files = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad |= run_file(argv[i]);
            files++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (e->d_name[0] == '.') continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], e->d_name);
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                bad |= run_file(path);
                files++;
            }
        }
        if (d) closedir(d);
    }
    printf("replayed %d inputs\n", files);
    if (files == 0) {
        fprintf(stderr, "no inputs found\n");
        return 1;
    }
    return bad;
}
