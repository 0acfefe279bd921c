// The server's JSON API: every chess question goes there.

/** POSTs `body` as JSON to `path`; resolves to the answer, rejects with the server's message. */
export async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return answer(response);
}

/** GETs `path`. */
export async function get(path) {
  return answer(await fetch(path));
}

async function answer(response) {
  let json;
  try {
    json = await response.json();
  } catch {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) throw new Error(json.error || `error ${response.status}`);
  return json;
}
