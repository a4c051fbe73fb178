import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * Test-made wallet credentials: a stand-in for Apple's WWDR (a self-signed CA) that issues the
 * operator's pass certificate (its key encrypted with a passphrase, as Apple's .p12 exports are),
 * and a Google service account's RSA key. Keys come from node:crypto (fast); node-forge makes the certificates.
 */
export function walletCredentials() {
  const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const caKeys = rsa();
  const signerKeys = rsa();
  const google = rsa();
  const caKey = forge.pki.privateKeyFromPem(caKeys.privateKey);
  const caAttrs = [{ name: 'commonName', value: 'Test Worldwide Developer Relations CA' }, { name: 'organizationName', value: 'Test Apple' }];
  const wwdr = certificate(forge.pki.publicKeyFromPem(caKeys.publicKey), caAttrs, caAttrs, caKey, '01', true);
  const signerAttrs = [{ name: 'commonName', value: 'Pass Type ID: pass.org.example.tickets' }, { name: 'organizationalUnitName', value: 'ABCDE12345' }];
  const signerCert = certificate(forge.pki.publicKeyFromPem(signerKeys.publicKey), signerAttrs, caAttrs, caKey, '02', false);
  const passphrase = 'correct horse battery';
  const signerKey = forge.pki.encryptRsaPrivateKey(forge.pki.privateKeyFromPem(signerKeys.privateKey), passphrase, { algorithm: 'aes256' });
  return {
    wwdrPem: forge.pki.certificateToPem(wwdr),
    signerCertPem: forge.pki.certificateToPem(signerCert),
    signerKeyPem: signerKey,
    passphrase,
    googleKeyPem: google.privateKey,
    googlePublicPem: google.publicKey,
  };
}

function certificate(publicKey: forge.pki.PublicKey, subject: forge.pki.CertificateField[], issuer: forge.pki.CertificateField[], signWith: forge.pki.PrivateKey, serial: string, ca: boolean) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial;
  cert.validity.notBefore = new Date('2020-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2040-01-01T00:00:00Z');
  cert.setSubject(subject);
  cert.setIssuer(issuer);
  cert.setExtensions([{ name: 'basicConstraints', cA: ca }, { name: 'keyUsage', digitalSignature: true, keyCertSign: ca }]);
  cert.sign(signWith as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return cert;
}

export type WalletCredentials = ReturnType<typeof walletCredentials>;

/** The settings that turn both wallets on with these credentials. */
export const walletEnv = (c: WalletCredentials): NodeJS.ProcessEnv => ({
  APPLE_WALLET_PASS_TYPE_ID: 'pass.org.example.tickets',
  APPLE_WALLET_TEAM_ID: 'ABCDE12345',
  APPLE_WALLET_CERT: c.signerCertPem,
  APPLE_WALLET_KEY: c.signerKeyPem,
  APPLE_WALLET_KEY_PASSPHRASE: c.passphrase,
  APPLE_WALLET_WWDR_CERT: c.wwdrPem,
  GOOGLE_WALLET_ISSUER_ID: '3388000000022222222',
  GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: 'wallet@foyer-test.iam.gserviceaccount.com',
  GOOGLE_WALLET_PRIVATE_KEY: c.googleKeyPem,
});
