/* A QEMU TCG plugin that counts the instructions a guest program executes between marks the program
 * makes, for `seneschal bench pi --arm64-child` (firmware/include/seneschal/firmware/tools/bench_pi.hpp):
 * the arm64 build's frame path counted under qemu-user the way callgrind counts the x86-64 one.
 *
 * Every translated block adds its instruction count to one counter each time it runs (an inline
 * add, no call). The program marks its stages with a write(2) that cannot succeed: fd -1, a null
 * buffer, `kMagic` in the length's upper half and in its lower half the operation and a number
 * (bench_pi_child.cpp). The plugin sees the system call before it runs and writes one line per
 * mark to `out=FILE`:
 *   zero      forget what was counted (callgrind's ZERO_STATS)
 *   dump N    "N COUNT": the instructions since the last zero or dump (DUMP_STATS_AT), then zero
 *   stop/start  instructions between them are not counted (STOP/START_INSTRUMENTATION)
 *
 * Debian's qemu-user 7.2 (not the -static build, which cannot load plugins) loads it with
 * `-plugin FILE.so,out=marks.txt`. Debian ships no plugin header, so the few functions used are
 * declared here as QEMU 7.2's plugin API (QEMU_PLUGIN_VERSION 1) defines them. */

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
typedef struct qemu_info_t qemu_info_t;
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb* tb);
typedef void (*qemu_plugin_vcpu_syscall_cb_t)(qemu_plugin_id_t id, unsigned int vcpu_index, int64_t num, uint64_t a1,
                                              uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6,
                                              uint64_t a7, uint64_t a8);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void* userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_inline(struct qemu_plugin_tb* tb, enum qemu_plugin_op op, void* ptr,
                                              uint64_t imm);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb* tb);
void qemu_plugin_register_vcpu_syscall_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_syscall_cb_t cb);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb, void* userdata);
void qemu_plugin_outs(const char* string);

EXPORT int qemu_plugin_version = 1;

/* write(2) is 64 on aarch64 and 1 on x86-64: the plugin also counts the host's own build under
 * qemu-x86_64, which checks it against callgrind's count of the same program. */
enum { kWriteAarch64 = 64, kWriteX86_64 = 1, kZero = 1, kDump = 2, kStop = 3, kStart = 4 };
static const uint64_t kMagic = 0x5E4E5C4Aull;

/* One counter for every vCPU: the bench's frame path runs its OpenCV work on one thread (the
 * child sets OpenCV to one thread, as the Pi's daemon reads frames on one). */
static uint64_t executed;
static uint64_t base;     /* executed at the last zero or dump */
static uint64_t held;     /* counted before a stop, while stopped */
static int stopped = 1;   /* like callgrind's --instr-atstart=no */
static FILE* out;

static uint64_t counted(void) { return stopped ? held : held + (executed - base); }

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb* tb) {
  (void)id;
  qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64, &executed, qemu_plugin_tb_n_insns(tb));
}

static void on_syscall(qemu_plugin_id_t id, unsigned int vcpu, int64_t num, uint64_t fd, uint64_t buffer,
                       uint64_t length, uint64_t a4, uint64_t a5, uint64_t a6, uint64_t a7, uint64_t a8) {
  (void)id, (void)vcpu, (void)a4, (void)a5, (void)a6, (void)a7, (void)a8;
  if ((num != kWriteAarch64 && num != kWriteX86_64) || fd != UINT64_MAX || buffer != 0 || (length >> 32) != kMagic) return;
  const unsigned op = (unsigned)(length >> 24) & 0xff;
  const unsigned number = (unsigned)length & 0xffffff;
  switch (op) {
    case kZero:
      held = 0;
      base = executed;
      break;
    case kDump:
      if (out) fprintf(out, "%u %" PRIu64 "\n", number, counted());
      held = 0;
      base = executed;
      break;
    case kStop:
      if (!stopped) held += executed - base;
      stopped = 1;
      break;
    case kStart:
      if (stopped) base = executed;
      stopped = 0;
      break;
    default:
      break;
  }
}

static void on_exit_(qemu_plugin_id_t id, void* userdata) {
  (void)id, (void)userdata;
  if (out) fclose(out);
  out = NULL;
}

EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t* info, int argc, char** argv) {
  (void)info;
  for (int i = 0; i < argc; ++i) {
    if (strncmp(argv[i], "out=", 4) == 0) out = fopen(argv[i] + 4, "w");
  }
  if (!out) {
    qemu_plugin_outs("seneschal insn count: give out=FILE, a file it can write\n");
    return -1;
  }
  setvbuf(out, NULL, _IOLBF, 0);
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_vcpu_syscall_cb(id, on_syscall);
  qemu_plugin_register_atexit_cb(id, on_exit_, NULL);
  return 0;
}
