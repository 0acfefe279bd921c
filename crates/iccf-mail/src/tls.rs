//! The TLS client settings: the system's trusted certificates, plus the
//! account's own `ca_file`; and handshake failures in words.

use std::path::Path;
use std::sync::Arc;

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use rustls::{ClientConfig, RootCertStore};

/// The client settings: ring's crypto, the system's certificates (as
/// `SSL_CERT_FILE` / `SSL_CERT_DIR` may point elsewhere) and `ca_file`'s.
pub(crate) fn config(ca_file: Option<&Path>) -> Result<Arc<ClientConfig>, String> {
    let mut roots = RootCertStore::empty();
    // A store that cannot be read leaves only ca_file: the handshake then
    // says which certificate it could not trust.
    let native = rustls_native_certs::load_native_certs();
    roots.add_parsable_certificates(native.certs);
    if let Some(path) = ca_file {
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(path)
            .and_then(|certs| certs.collect())
            .map_err(|e| format!("cannot read ca_file {}: {e}", path.display()))?;
        if certs.is_empty() {
            return Err(format!("ca_file {} holds no certificate", path.display()));
        }
        for cert in certs {
            roots
                .add(cert)
                .map_err(|e| format!("ca_file {}: {e}", path.display()))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Arc::new(config))
}

/// A failed handshake in the player's words.
pub(crate) fn explain(err: &std::io::Error) -> String {
    let Some(tls) = err
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<rustls::Error>())
    else {
        return match err.kind() {
            std::io::ErrorKind::UnexpectedEof => {
                "the server closed the connection during the handshake (is this port TLS? \
                 port 143 wants security = \"starttls\")"
                    .to_owned()
            }
            _ => err.to_string(),
        };
    };
    match tls {
        rustls::Error::InvalidCertificate(why) => format!(
            "the server's certificate is not trusted ({why:?}); a certificate of its own \
             can be trusted with ca_file = \"FILE.pem\""
        ),
        rustls::Error::InvalidMessage(_) => {
            "the server does not speak TLS here (port 143 wants security = \"starttls\")".to_owned()
        }
        other => other.to_string(),
    }
}
