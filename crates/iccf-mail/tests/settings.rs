//! The settings file and the password sources (the server itself is tested
//! by crates/iccf-cli/tests/dovecot).

use std::path::Path;

use iccf_mail::{Account, MailError, Mark, PasswordSource, Security};

fn parse(text: &str) -> Result<Account, MailError> {
    Account::from_toml(text, Path::new("/home/gordon/.config/iccf/mail.toml"))
}

const MINIMAL: &str = "host = \"imap.example.org\"\nusername = \"gordon\"\npassword_env = \"PW\"\n";

#[test]
fn defaults_are_tls_on_993_a_keyword_and_thirty_days() {
    let account = parse(MINIMAL).unwrap();
    assert_eq!(account.security, Security::Tls);
    assert_eq!(account.port(), 993);
    assert_eq!(
        (account.inbox.as_str(), account.drafts.as_str()),
        ("INBOX", "Drafts")
    );
    assert_eq!(
        (account.mark, account.keyword.as_str()),
        (Mark::Keyword, "$iccf-done")
    );
    assert_eq!(account.look_back_days, 30);
    assert_eq!(account.from_address(), "gordon");
}

#[test]
fn starttls_and_plain_default_to_143() {
    let account = parse(&format!("{MINIMAL}security = \"starttls\"")).unwrap();
    assert_eq!(account.port(), 143);
    let account = parse(&format!("{MINIMAL}security = \"plain\"\nport = 1143")).unwrap();
    assert_eq!((account.security, account.port()), (Security::Plain, 1143));
}

#[test]
fn relative_files_are_beside_the_settings() {
    let text =
        "host = \"h\"\nusername = \"u\"\npassword_file = \"secret\"\nca_file = \"/etc/ca.pem\"";
    let account = parse(text).unwrap();
    assert_eq!(
        account.password.password_file.as_deref(),
        Some(Path::new("/home/gordon/.config/iccf/secret"))
    );
    assert_eq!(account.ca_file.as_deref(), Some(Path::new("/etc/ca.pem")));
}

#[test]
fn a_password_in_the_file_is_refused() {
    let err = parse(&format!("{MINIMAL}password = \"hunter2\"")).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("a password written in the settings file is refused"),
        "{text}"
    );
    assert!(!text.contains("hunter2"));
}

#[test]
fn exactly_one_password_source() {
    let none = parse("host = \"h\"\nusername = \"u\"\n").unwrap_err();
    assert!(none.to_string().contains("no password source"), "{none}");
    let two = parse(&format!("{MINIMAL}password_command = \"pass mail\"")).unwrap_err();
    assert!(two.to_string().contains("only one of"), "{two}");
}

#[test]
fn mistakes_name_the_file_and_line() {
    let err = parse(&format!("{MINIMAL}secrity = \"tls\"")).unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with("/home/gordon/.config/iccf/mail.toml: "),
        "{text}"
    );
    assert!(
        text.contains("secrity") && text.contains("line 4"),
        "{text}"
    );
    let err = parse(&format!("{MINIMAL}security = \"ssl\"")).unwrap_err();
    assert!(err.to_string().contains("ssl"), "{err}");
    let err = parse(&format!("{MINIMAL}keyword = \"two words\"")).unwrap_err();
    assert!(err.to_string().contains("keyword `two words`"), "{err}");
}

#[test]
fn a_missing_file_says_where_it_was_looked_for() {
    let err = Account::load(Path::new("/nonexistent/iccf/mail.toml")).unwrap_err();
    assert!(matches!(err, MailError::NoConfig { .. }));
    assert!(
        err.to_string().contains("/nonexistent/iccf/mail.toml"),
        "{err}"
    );
}

#[test]
fn the_password_from_a_file_a_variable_or_a_command() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("pw");
    std::fs::write(&file, "from file\nsecond line ignored\n").unwrap();
    let source = PasswordSource {
        password_file: Some(file),
        ..PasswordSource::default()
    };
    assert_eq!(source.read().unwrap().expose(), "from file");

    // SAFETY: this test alone sets the variable, before any thread reads it.
    unsafe { std::env::set_var("ICCF_MAIL_TEST_PW", "from env") };
    let source = PasswordSource {
        password_env: Some("ICCF_MAIL_TEST_PW".to_owned()),
        ..PasswordSource::default()
    };
    let password = source.read().unwrap();
    assert_eq!(password.expose(), "from env");
    assert_eq!(format!("{password:?}"), "Password(hidden)");

    let source = PasswordSource {
        password_command: Some("printf 'from command\\n'".to_owned()),
        ..PasswordSource::default()
    };
    assert_eq!(source.read().unwrap().expose(), "from command");
}

#[test]
fn a_password_that_cannot_be_had_is_said() {
    let missing = PasswordSource {
        password_env: Some("ICCF_MAIL_TEST_UNSET".to_owned()),
        ..PasswordSource::default()
    };
    let err = missing.read().unwrap_err();
    assert!(
        err.to_string()
            .starts_with("no password from password_env ICCF_MAIL_TEST_UNSET"),
        "{err}"
    );
    let failing = PasswordSource {
        password_command: Some("exit 3".to_owned()),
        ..PasswordSource::default()
    };
    assert!(
        failing
            .read()
            .unwrap_err()
            .to_string()
            .contains("it failed")
    );
    let empty = PasswordSource {
        password_command: Some("true".to_owned()),
        ..PasswordSource::default()
    };
    assert!(
        empty
            .read()
            .unwrap_err()
            .to_string()
            .contains("it is empty")
    );
}
