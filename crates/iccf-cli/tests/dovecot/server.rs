//! The Dovecot that run.sh started: its settings from the environment,
//! mail delivered and looked at with Dovecot's own doveadm (not with
//! iccf's IMAP client, whose work is under test).

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// What run.sh exported.
pub struct Server {
    pub conf: String,
    pub imap_port: u16,
    pub imaps_port: u16,
    pub ca: String,
    pub password: String,
}

pub fn server() -> Server {
    let var = |name: &str| {
        std::env::var(name).unwrap_or_else(|_| {
            panic!("{name} is not set: run crates/iccf-cli/tests/dovecot/run.sh")
        })
    };
    Server {
        conf: var("ICCF_TEST_DOVECOT_CONF"),
        imap_port: var("ICCF_TEST_IMAP_PORT").parse().unwrap(),
        imaps_port: var("ICCF_TEST_IMAPS_PORT").parse().unwrap(),
        ca: var("ICCF_TEST_IMAP_CA"),
        password: var("ICCF_TEST_IMAP_PASSWORD"),
    }
}

impl Server {
    fn doveadm(&self, args: &[&str], stdin: &[u8]) -> String {
        let mut child = Command::new("doveadm")
            .arg("-c")
            .arg(&self.conf)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("doveadm");
        child.stdin.take().unwrap().write_all(stdin).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "doveadm {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Delivers `message` to `user`'s inbox, as a mail server would.
    pub fn deliver(&self, user: &str, message: &[u8]) {
        self.doveadm(&["save", "-u", user, "-m", "INBOX"], message);
    }

    /// The flags of every message of `mailbox`, by UID.
    pub fn flags(&self, user: &str, mailbox: &str) -> BTreeMap<u32, Vec<String>> {
        let out = self.doveadm(&["fetch", "-u", user, "uid flags", "mailbox", mailbox], b"");
        let mut flags = BTreeMap::new();
        for block in out.split('\x0c') {
            let mut uid = None;
            let mut these = Vec::new();
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("uid: ") {
                    uid = n.trim().parse().ok();
                } else if let Some(f) = line.strip_prefix("flags:") {
                    these = f
                        .split_whitespace()
                        .filter(|f| *f != "\\Recent")
                        .map(str::to_owned)
                        .collect();
                }
            }
            if let Some(uid) = uid {
                flags.insert(uid, these);
            }
        }
        flags
    }

    /// The whole text of every message of `mailbox`.
    pub fn texts(&self, user: &str, mailbox: &str) -> Vec<String> {
        let out = self.doveadm(&["fetch", "-u", user, "text", "mailbox", mailbox], b"");
        let mut texts: Vec<String> = Vec::new();
        for line in out.lines() {
            if line.trim_start_matches('\x0c') == "text:" {
                texts.push(String::new());
            } else if let Some(text) = texts.last_mut() {
                text.push_str(line);
                text.push('\n');
            }
        }
        texts
    }
}

/// A folder of the 30 test games, and the settings of `user`'s account.
pub struct Desk {
    pub dir: tempfile::TempDir,
    pub config: PathBuf,
    pub password: String,
}

pub fn games_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/corr/folder/games")
}

pub fn message(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../testdata/corr/folder/messages")
        .join(name);
    std::fs::read(path).unwrap()
}

/// A copy of the test folder, and settings for `user` on `port`.
pub fn desk(server: &Server, user: &str, port: u16, settings: &str) -> Desk {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("games");
    copy_games(&games);
    // scandinavian.pgn's card is due: its draft would come with every
    // --apply. The test of that puts the mark back.
    let scandinavian = games.join("scandinavian.pgn");
    let text = std::fs::read_to_string(&scandinavian).unwrap();
    std::fs::write(&scandinavian, text.replace("[ICCFCardDue \"yes\"]\n", "")).unwrap();
    let config = dir.path().join("mail.toml");
    let toml = format!(
        "host = \"127.0.0.1\"\nport = {port}\nusername = \"{user}\"\n\
         password_env = \"ICCF_TEST_PASSWORD\"\nlook_back_days = 0\ntimeout_secs = 10\n\
         from = \"Gordon Everitt <gordon.everitt@example.org>\"\n{settings}\n"
    );
    std::fs::write(&config, toml).unwrap();
    Desk {
        dir,
        config,
        password: server.password.clone(),
    }
}

pub fn copy_games(to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(games_dir()).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

impl Desk {
    pub fn games(&self) -> PathBuf {
        self.dir.path().join("games")
    }

    /// `iccf mail GAMES --config ... ARGS`, on 2026.12.02.
    pub fn mail(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_iccf"))
            .arg("mail")
            .arg(self.games())
            .arg("--config")
            .arg(&self.config)
            .args(["--date", "2026.12.02"])
            .args(args)
            .env("ICCF_TEST_PASSWORD", &self.password)
            .env_remove("ICCF_NAME")
            .output()
            .unwrap()
    }

    /// Every game file's bytes.
    pub fn snapshot(&self) -> BTreeMap<String, Vec<u8>> {
        snapshot(&self.games())
    }
}

pub fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".pgn")
        })
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// `iccf ARGS` (a check or a card on a folder of the test), which must
/// succeed or fail as `ok` says.
pub fn iccf(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_iccf"))
        .args(args)
        .env_remove("ICCF_NAME")
        .output()
        .unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
