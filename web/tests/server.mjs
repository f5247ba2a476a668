// Starts `quartel serve` for a test on a free port: resolves with the process and its address
// ("http://127.0.0.1:PORT"), as the server prints it.
import { spawn } from 'node:child_process';

export async function startServer(binary, args) {
  const server = spawn(binary, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  server.stderr.on('data', (d) => (stderr += d));
  const address = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
      out += d;
      const m = /serving on (http:\/\/[^/\s]+)\//.exec(out);
      if (m) resolve(m[1]);
    });
    server.on('exit', (code) => reject(new Error(`quartel serve exited ${code}: ${stderr}`)));
    setTimeout(() => reject(new Error('quartel serve did not start in 20 s')), 20000);
  });
  return { server, address };
}
