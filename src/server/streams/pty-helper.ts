/**
 * Terminals for `exec -t` without a native module: when `python3` is on the machine, the command
 * runs under a small Python program that opens a pseudo-terminal with the standard `pty` module,
 * relays its standard input and output, and applies window sizes it reads from a UNIX socket
 * (TIOCSWINSZ on the terminal, so the kernel signals SIGWINCH to the program). Without python3, a
 * TTY request runs the command on pipes and says so on the error stream.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PROGRAM = `
import errno, fcntl, os, pty, select, socket, struct, sys, termios
cols, rows, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
argv = sys.argv[4:]
pid, fd = pty.fork()
if pid == 0:
    try:
        os.execvp(argv[0], argv)
    except OSError as e:
        sys.stderr.write('exec: "%s": %s\\r\\n' % (argv[0], 'executable file not found in $PATH' if e.errno == errno.ENOENT else e.strerror))
        os._exit(127 if e.errno == errno.ENOENT else 126)
def size(c, r):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack('HHHH', r, c, 0, 0))
size(cols, rows)
ctl = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
ctl.connect(path)
sources = [0, fd, ctl]
pending = b''
while fd in sources:
    ready = select.select(sources, [], [])[0]
    if 0 in ready:
        data = os.read(0, 65536)
        if data:
            os.write(fd, data)
        else:
            sources.remove(0)
            os.write(fd, b'\\x04')
    if ctl in ready:
        data = ctl.recv(4096)
        if not data:
            sources.remove(ctl)
        pending += data
        while b'\\n' in pending:
            line, pending = pending.split(b'\\n', 1)
            c, r = line.split()
            size(int(c), int(r))
    if fd in ready:
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b''
        if data:
            os.write(1, data)
        else:
            sources.remove(fd)
_, status = os.waitpid(pid, 0)
sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
`;

let available: boolean | undefined;

/** Whether terminals can be made here (python3 with the pty module on PATH). */
export function ptyAvailable(): boolean {
  available ??= process.platform !== 'win32' && spawnSync('python3', ['-c', 'import pty, termios, fcntl'], { stdio: 'ignore', timeout: 5000 }).status === 0;
  return available;
}

/** A terminal session's control side: the command line to run and the resize channel. */
export interface PtyControl {
  argv: string[];
  resize(width: number, height: number): void;
  close(): Promise<void>;
}

/** Prepares a terminal for `argv` (the helper connects to the control socket when it starts). */
export async function preparePty(argv: readonly string[], width = 80, height = 24): Promise<PtyControl> {
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-pty-'));
  const path = join(dir, 'control.sock');
  let peer: Socket | undefined;
  let queued: string[] = [];
  const server: Server = createServer((s) => {
    peer = s;
    s.on('error', () => undefined);
    for (const line of queued) s.write(line);
    queued = [];
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  return {
    argv: ['python3', '-c', PROGRAM, String(width), String(height), path, ...argv],
    resize(w, h) {
      const line = `${w} ${h}\n`;
      if (peer === undefined) queued.push(line);
      else peer.write(line);
    },
    async close() {
      peer?.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
