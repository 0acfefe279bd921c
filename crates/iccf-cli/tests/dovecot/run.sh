#!/usr/bin/env bash
# `iccf mail` against a real IMAP server: installs Debian's dovecot-imapd
# (and openssl) when missing, starts Dovecot on free loopback ports with
# throwaway users (a passwd-file, Maildirs in a temporary folder) and a
# certificate made on the spot, runs the ignored tests of
# crates/iccf-cli/tests/dovecot.rs against it, and stops it: nothing is
# left running or installed in the user's mail.
#
# As root (CI), Dovecot's login processes run as Debian's dovenull and
# dovecot users and the mail as nobody; as anyone else, all as that user.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../../.." && pwd)

need=()
# dovecot-imapd brings the imap server, dovecot-core doveadm and dovecot.
[ -x /usr/lib/dovecot/imap ] && [ -x /usr/sbin/dovecot ] || need+=(dovecot-imapd)
command -v openssl >/dev/null || need+=(openssl)
if [ ${#need[@]} -gt 0 ]; then
    # The package would start the system's Dovecot (as root, on ports 143
    # and 993): Debian's policy-rc.d says no for the time of the install.
    policy=/usr/sbin/policy-rc.d
    own_policy=""
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy"
        chmod 755 "$policy"
        own_policy=1
    fi
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null || {
        [ -z "$own_policy" ] || rm -f "$policy"
        exit 1
    }
    [ -z "$own_policy" ] || rm -f "$policy"
fi
PATH="$PATH:/usr/sbin"

# Built as `cargo test --workspace` builds them (the test and, for it, the
# binary), with the workspace's features: after that command, as in
# scripts/test-all.sh, nothing is built again (`-p iccf-cli` alone resolved
# features of its own and built most crates a second time).
(cd "$root" && cargo test --workspace --locked -q --no-run --test dovecot)

tmp=$(mktemp -d)
conf="$tmp/dovecot.conf"
dovecot_pid=""
cleanup() {
    # Dovecot runs in the foreground as our child: stopped and reaped here.
    if [ -n "$dovecot_pid" ]; then
        kill "$dovecot_pid" 2>/dev/null || true
        wait "$dovecot_pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT
# Dovecot's processes, which do not run as root, go through it.
chmod 755 "$tmp"

if [ "$(id -u)" = 0 ]; then
    login_user=dovenull internal_user=dovecot internal_group=dovecot
    mail_uid=$(id -u nobody) mail_gid=$(id -g nobody)
else
    login_user=$(id -un) internal_user=$(id -un) internal_group=$(id -gn)
    mail_uid=$(id -u) mail_gid=$(id -g)
fi

# Two free ports: a port nobody answers on is taken as free.
free_port() {
    local port
    while :; do
        port=$((20000 + RANDOM % 30000))
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
    done
}
imap_port=$(free_port)
imaps_port=$(free_port)
while [ "$imaps_port" = "$imap_port" ]; do imaps_port=$(free_port); done

# A test authority and the server's certificate signed by it (rustls, as
# the web's rules say, takes no self-signed certificate for a server).
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=iccf test CA" \
    -keyout "$tmp/ca.key" -out "$tmp/ca.pem" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -subj "/CN=localhost" \
    -keyout "$tmp/key.pem" -out "$tmp/cert.csr" 2>/dev/null
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' \
    >"$tmp/cert.ext"
openssl x509 -req -in "$tmp/cert.csr" -CA "$tmp/ca.pem" -CAkey "$tmp/ca.key" -CAcreateserial \
    -days 2 -extfile "$tmp/cert.ext" -out "$tmp/cert.pem" 2>/dev/null

# One throwaway user per test, all with the same password.
password="correct horse $RANDOM"
mkdir -p "$tmp/mail" "$tmp/run"
chown "$mail_uid:$mail_gid" "$tmp/mail"
: >"$tmp/passwd"
for user in flow starttls wrongpw plain drop malformed untrusted move; do
    echo "$user:{PLAIN}$password:$mail_uid:$mail_gid::$tmp/mail/$user" >>"$tmp/passwd"
done

cat >"$conf" <<CONF
base_dir = $tmp/run
state_dir = $tmp/run/state
log_path = $tmp/dovecot.log
instance_name = iccf-test-$$
protocols = imap
listen = 127.0.0.1
default_internal_user = $internal_user
default_internal_group = $internal_group
default_login_user = $login_user
first_valid_uid = $mail_uid
first_valid_gid = $mail_gid
ssl = yes
ssl_cert = <$tmp/cert.pem
ssl_key = <$tmp/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login
passdb {
  driver = passwd-file
  args = scheme=PLAIN $tmp/passwd
}
userdb {
  driver = passwd-file
  args = $tmp/passwd
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  mailbox Drafts {
    special_use = \Drafts
    auto = create
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = $imap_port
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps_port
    ssl = yes
  }
}
service anvil {
  chroot =
}
CONF
mkdir -p "$tmp/run/state"
dovecot -F -c "$conf" &
dovecot_pid=$!
for _ in $(seq 1 100); do
    (exec 3<>"/dev/tcp/127.0.0.1/$imaps_port") 2>/dev/null && break
    sleep 0.1
done
(exec 3<>"/dev/tcp/127.0.0.1/$imaps_port") 2>/dev/null || {
    echo "dovecot did not start:"
    cat "$tmp/dovecot.log"
    exit 1
}
echo "dovecot on 127.0.0.1:$imap_port (STARTTLS) and :$imaps_port (TLS)"

export ICCF_TEST_DOVECOT_CONF="$conf"
export ICCF_TEST_IMAP_PORT="$imap_port"
export ICCF_TEST_IMAPS_PORT="$imaps_port"
export ICCF_TEST_IMAP_CA="$tmp/ca.pem"
export ICCF_TEST_IMAP_PASSWORD="$password"
export ICCF_TEST_ICCF="$root/target/debug/iccf"
status=0
(cd "$root" && cargo test --workspace --locked -q --test dovecot -- --ignored) || status=$?
if [ "$status" != 0 ]; then
    echo "dovecot's log:"
    tail -50 "$tmp/dovecot.log"
fi
exit "$status"
