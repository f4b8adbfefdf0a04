/**
 * The container init: on Linux, when python3 (with ctypes) is on the machine, each container
 * process and each exec runs under a small Python program that plays the part a container's
 * cgroup plays for the kubelet: nothing the command starts may outlive it.
 *
 * A process group is not enough for that: a command can leave its group (`setsid`, a daemon's
 * double fork), and the group kill misses it. The init makes itself a child subreaper
 * (`PR_SET_CHILD_SUBREAPER`), so every orphan of the command's tree is re-parented to it rather
 * than to the machine's init, and it can always find the whole tree under its own pid. It ends the
 * tree when
 * - the command (its only direct child) exits: the rest of the tree is killed, and the init exits
 *   with the command's status (128 + the signal number when a signal ended it);
 * - it receives {@link INIT_KILL_SIGNAL}: the runtime's "SIGKILL the container";
 * - the server dies, even by SIGKILL: `PR_SET_PDEATHSIG` sends it the same signal.
 *
 * It reaps every zombie in the tree, so none is left for the machine's init (which, in a container
 * or a sandbox, may never reap). SIGTERM and the other signals a group receives are the
 * command's business: the init ignores them, and passes them on only when the command has left the
 * init's process group (so it would not get them otherwise). Its own standard streams point at
 * /dev/null once the command started, so the command's output pipes end with the command's tree.
 */
import { spawnSync } from 'node:child_process';

/** Asks an init to kill its whole tree and exit. */
export const INIT_KILL_SIGNAL: NodeJS.Signals = 'SIGUSR2';

/** The first line of the init's program: tells an init from its command in a process listing. */
export const CONTAINER_INIT_MARK = '# platformctl container init';

const PROGRAM = `${CONTAINER_INIT_MARK}
import ctypes, os, signal, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(36, 1, 0, 0, 0) != 0 or libc.prctl(1, int(signal.SIGUSR2), 0, 0, 0) != 0:
    os._exit(125)
me = os.getpid()
if os.getppid() != int(sys.argv[1]):
    os._exit(137)
report = -1
if sys.argv[2] == '--report-fd':
    report = int(sys.argv[3])
    argv = sys.argv[4:]
else:
    argv = sys.argv[2:]
main = 0
status = None

def descendants():
    children = {}
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            with open('/proc/' + name + '/stat', 'rb') as f:
                data = f.read()
        except OSError:
            continue
        fields = data[data.rindex(b')') + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(name))
    out, todo = [], [me]
    while todo:
        for c in children.get(todo.pop(), ()):
            out.append(c)
            todo.append(c)
    return out

def reap():
    global status
    while True:
        try:
            pid, st = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if pid == main:
            status = st

def kill_all():
    global status
    for _ in range(1000):
        reap()
        pids = descendants()
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            pid, st = os.waitpid(-1, 0)
            if pid == main:
                status = st
        except ChildProcessError:
            pass

def on_end(signum, frame):
    kill_all()
    finish()

def forward(signum, frame):
    if main > 0:
        try:
            if os.getpgid(main) != os.getpgid(0):
                os.kill(main, signum)
        except OSError:
            pass

def finish():
    if status is None:
        os._exit(137)
    if os.WIFSIGNALED(status):
        os._exit(128 + os.WTERMSIG(status))
    os._exit(os.WEXITSTATUS(status))

for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGWINCH, signal.SIGCONT):
    signal.signal(s, forward)
signal.signal(signal.SIGUSR2, on_end)
# Closed by the kernel when the command's exec succeeds (os.pipe is close-on-exec), so that its end
# of file says "exec'd", and an errno before it says why not.
exec_r, exec_w = os.pipe()
main = os.fork()
if main == 0:
    os.close(exec_r)
    if report >= 0:
        os.close(report)
    for s in range(1, signal.NSIG):
        try:
            signal.signal(s, signal.SIG_DFL)
        except (OSError, ValueError, RuntimeError):
            pass
    try:
        os.execvp(argv[0], argv)
    except OSError as e:
        os.write(exec_w, str(e.errno).encode())
        os.write(2, ('exec: "%s": %s\\n' % (argv[0], e.strerror)).encode())
        os._exit(127)
os.close(exec_w)
failed = os.read(exec_r, 64)
os.close(exec_r)
if report >= 0:
    try:
        os.write(report, b'E' + failed if failed else b'S')
        os.close(report)
    except OSError:
        pass
null = os.open(os.devnull, os.O_RDWR)
for fd in (0, 1, 2):
    os.dup2(null, fd)
while status is None:
    try:
        pid, st = os.waitpid(-1, 0)
    except ChildProcessError:
        break
    if pid == main:
        status = st
kill_all()
finish()
`;

let python: string | null | undefined;

/**
 * The python3 that runs inits, or null where there is none (or not Linux): containers then run as
 * plain process groups, and a process that leaves its group can outlive its container.
 */
export function containerInitPython(): string | null {
  if (python !== undefined) return python;
  python = null;
  if (process.platform !== 'linux') return python;
  const probe = spawnSync('python3', ['-I', '-S', '-c', 'import ctypes, os, sys; lib = ctypes.CDLL(None, use_errno=True); sys.stdout.write(sys.executable if lib.prctl(36, 1, 0, 0, 0) == 0 else "")'], {
    encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'],
  });
  if (probe.status === 0 && probe.stdout.startsWith('/')) python = probe.stdout;
  return python;
}

/**
 * The command line that runs `argv` under the init, for a child of this process. With `reportFd`,
 * the init writes `S` to that descriptor once the command is exec'd, or `E` and the errno when
 * it could not be, then closes it: a container is running only once its command is.
 */
export function underInit(pythonPath: string, argv: readonly string[], reportFd?: number): string[] {
  return [pythonPath, '-I', '-S', '-c', PROGRAM, String(process.pid), ...(reportFd === undefined ? [] : ['--report-fd', String(reportFd)]), ...argv];
}

/** What the init reported on its report descriptor: exec'd, the errno of a failed exec, or nothing (it died first). */
export type InitReport = { kind: 'started' } | { kind: 'failed'; errno: number } | { kind: 'gone' };

/** Reads the init's report from the readable end of its report descriptor. */
export function initReport(from: NodeJS.ReadableStream | null | undefined): Promise<InitReport> {
  if (from === null || from === undefined) return Promise.resolve({ kind: 'gone' });
  return new Promise((resolve) => {
    let text = '';
    from.on('data', (chunk: Buffer | string) => {
      text += chunk.toString();
    });
    const done = (): void => {
      if (text.startsWith('S')) resolve({ kind: 'started' });
      else if (text.startsWith('E')) resolve({ kind: 'failed', errno: Number(text.slice(1)) || 0 });
      else resolve({ kind: 'gone' });
    };
    from.once('end', done);
    from.once('close', done);
    from.once('error', done);
  });
}
