// The server's JSON API: every chess question goes there. Each POST
// carries the token `iccf serve` printed in the page's address.

const TOKEN_KEY = 'iccf-token';

/** The token from the address (`?token=`), kept for this tab's reloads. */
export function token() {
  const given = new URLSearchParams(location.search).get('token');
  if (given) {
    sessionStorage.setItem(TOKEN_KEY, given);
    return given;
  }
  return sessionStorage.getItem(TOKEN_KEY);
}

/** POSTs `body` as JSON to `path`; resolves to the answer, rejects with the server's message. */
export async function post(path, body) {
  const headers = { 'Content-Type': 'application/json' };
  const secret = token();
  if (secret) headers.Authorization = `Bearer ${secret}`;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
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
