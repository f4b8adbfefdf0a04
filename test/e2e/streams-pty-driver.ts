/**
 * Drives a command through a pseudo-terminal with python3's pty module (the test's "user at a
 * terminal"): sets the initial window size, then follows a script of steps — wait for output,
 * type bytes, resize the window — and reports everything the terminal showed and the exit code.
 */
import { execFile, spawnSync } from 'node:child_process';

/** Why pseudo-terminal tests cannot run here, or false. */
export function ptySkipReason(): string | false {
  return spawnSync('python3', ['-c', 'import pty, fcntl, termios'], { stdio: 'ignore' }).status === 0 ? false : 'python3 with the pty module is not available';
}

/** One step: wait until the output contains a text, type bytes, or resize the window. */
export type PtyStep = { expect: string } | { type: string } | { resize: [columns: number, rows: number] };

/** What the terminal showed. */
export interface PtyResult {
  exitCode: number;
  output: string;
  /** The step that timed out, if one did. */
  timedOut?: number;
}

const DRIVER = String.raw`
import fcntl, json, os, pty, select, struct, sys, termios, time
spec = json.loads(sys.argv[1])
def winsize(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', rows, cols, 0, 0))
pid, fd = pty.fork()
if pid == 0:
    winsize(0, spec['size'][0], spec['size'][1])
    os.execvpe(spec['argv'][0], spec['argv'], spec['env'])
out = b''
timed_out = None
def read_some(deadline):
    global out
    r, _, _ = select.select([fd], [], [], max(0, min(0.1, deadline - time.time())))
    if r:
        try:
            data = os.read(fd, 65536)
        except OSError:
            return False
        if not data:
            return False
        out += data
    return True
for i, step in enumerate(spec['steps']):
    if 'expect' in step:
        deadline = time.time() + spec['timeout']
        want = step['expect'].encode()
        while want not in out and time.time() < deadline:
            if not read_some(deadline):
                break
        if want not in out:
            timed_out = i
            break
    elif 'type' in step:
        os.write(fd, step['type'].encode())
    else:
        winsize(fd, step['resize'][0], step['resize'][1])
deadline = time.time() + spec['timeout']
code = None
while time.time() < deadline:
    if not read_some(deadline):
        break
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        code = os.waitstatus_to_exitcode(status)
        while read_some(time.time() + 0.2):
            pass
        break
if code is None:
    # The terminal reads end of file as the program closes it, a moment before the program has
    # exited: give it until the deadline (at least 5 s) before calling it hung.
    code = -1
    reap_deadline = max(deadline, time.time() + 5)
    try:
        while time.time() < reap_deadline:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                code = os.waitstatus_to_exitcode(status)
                break
            time.sleep(0.02)
    except ChildProcessError:
        code = -1
    if code == -1:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass
sys.stdout.write(json.dumps({'exitCode': code, 'output': out.decode('utf-8', 'replace'), 'timedOut': timed_out}))
`;

/** Runs `argv` in a pseudo-terminal of `size` and plays the steps. */
export function runInPty(argv: string[], env: NodeJS.ProcessEnv, size: [number, number], steps: PtyStep[], timeoutSeconds = 20): Promise<PtyResult> {
  const spec = JSON.stringify({ argv, env, size, steps, timeout: timeoutSeconds });
  return new Promise((resolve, reject) => {
    execFile('python3', ['-c', DRIVER, spec], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: (timeoutSeconds * (steps.length + 2) + 10) * 1000 }, (err, stdout, stderr) => {
      if (err !== null) {
        reject(new Error(`pty driver failed: ${err.message} ${stderr}`));
        return;
      }
      const r = JSON.parse(stdout) as { exitCode: number; output: string; timedOut: number | null };
      resolve({ exitCode: r.exitCode, output: r.output, ...(r.timedOut === null ? {} : { timedOut: r.timedOut }) });
    });
  });
}
