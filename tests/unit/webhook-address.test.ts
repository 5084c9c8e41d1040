import { describe, expect, it } from "vitest";
import { localizeIssue, type ValidationTranslator } from "@/lib/validation-messages";
import pt from "@/messages/pt-BR.json";
import { checkEndpointUrl, isRefusedAddress } from "@/server/webhooks/address";
import { signatureHeader, verifySignature } from "@/server/webhooks/send";

describe("webhook addresses (SSRF)", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "224.0.0.1",
    "239.255.255.250",
    "255.255.255.255",
    "240.0.0.1",
    "198.18.0.1",
    "192.0.2.10",
    "::",
    "::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::10.0.0.1",
    "2002:7f00:1::1",
    "2001:db8::1",
    "::ffff:0:127.0.0.1",
    "::ffff:0:7f00:1",
    "::ffff:0:10.1.2.3",
    "64:ff9b:1::8.8.8.8",
    "2606:4700::5efe:127.0.0.1",
    "2606:4700::200:5efe:a00:1",
  ])("refuses %s", (address) => {
    expect(isRefusedAddress(address)).toBe(true);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::8.8.8.8",
    "2002:808:808::1",
    "::ffff:0:8.8.8.8",
    "2606:4700::5efe:808:808",
  ])("accepts %s", (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it("refuses a host name when any of its addresses is refused, and one that does not resolve", async () => {
    const resolve = async (host: string) =>
      host === "mixed.example"
        ? [
            { address: "93.184.216.34", family: 4 },
            { address: "10.0.0.5", family: 4 },
          ]
        : host === "public.example"
          ? [{ address: "93.184.216.34", family: 4 }]
          : [];
    expect(await checkEndpointUrl("https://mixed.example/hook", { allowPrivate: false, resolve })).toContain("resolves to 10.0.0.5");
    expect(await checkEndpointUrl("https://public.example/hook", { allowPrivate: false, resolve })).toBeUndefined();
    expect(await checkEndpointUrl("https://nowhere.example/hook", { allowPrivate: false, resolve })).toContain("does not resolve");
    expect(await checkEndpointUrl("http://[::ffff:127.0.0.1]:8080/", { allowPrivate: false, resolve })).toContain("::ffff:7f00:1");
    expect(await checkEndpointUrl("http://[::ffff:0:127.0.0.1]:8080/", { allowPrivate: false, resolve })).toContain("::ffff:0:7f00:1");
    expect(await checkEndpointUrl("http://0x7f.1/", { allowPrivate: false, resolve })).toContain("127.0.0.1");
    expect(await checkEndpointUrl("http://127.0.0.1/", { allowPrivate: true, resolve })).toBeUndefined();
    expect(await checkEndpointUrl("gopher://public.example/", { allowPrivate: true, resolve })).toBe("must be an http or https URL");
  });
});

describe("webhook signatures", () => {
  it("signs `<t>.<body>` with HMAC-SHA256 and verifies in constant time within a tolerance", () => {
    // printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac whsec_test
    expect(signatureHeader("whsec_test", '{"a":1}', 1_700_000_000)).toBe(
      "t=1700000000,v1=38877139021993b830af32feea6e18a8da83eb2f6e49ee50bd9e4cf4ca4d3789",
    );
    const header = signatureHeader("whsec_test", '{"a":1}', 1_700_000_000);
    expect(verifySignature("whsec_test", '{"a":1}', header, { nowSeconds: 1_700_000_100 })).toBe(true);
    expect(verifySignature("whsec_test", '{"a":2}', header, { nowSeconds: 1_700_000_100 })).toBe(false);
    expect(verifySignature("whsec_test", '{"a":1}', header, { nowSeconds: 1_700_001_000 })).toBe(false);
    expect(verifySignature("whsec_test", '{"a":1}', "t=1700000000,v1=zz", { nowSeconds: 1_700_000_000 })).toBe(false);
    expect(verifySignature("whsec_test", '{"a":1}', "garbage", { nowSeconds: 1_700_000_000 })).toBe(false);
  });
});

describe("the panel words the refusals", () => {
  const messages: Record<string, unknown> = pt.validation;
  const t = ((key: string) => String(messages[key])) as ValidationTranslator;
  t.has = (key) => typeof messages[key] === "string";
  const say = (message: string, code = "url_refused") => localizeIssue({ message, code }, t, "pt-BR", (field) => field);

  it("in Portuguese, whatever host the server named", () => {
    expect(say("127.0.0.1 is a loopback, private, link-local or reserved address")).toBe(pt.validation.urlRefused);
    expect(say("hooks.example resolves to 10.0.0.5, a loopback, private, link-local or reserved address")).toBe(pt.validation.urlRefused);
    expect(say("the host nowhere.example does not resolve")).toBe(pt.validation.urlUnresolved);
    expect(say("must be an http or https URL", "custom")).toBe(pt.validation.url);
  });
});
