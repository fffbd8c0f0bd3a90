import { describe, expect, it } from "vitest";
import { isPrivateAddress } from "@/server/services/webhooks/url-guard";

describe("SSRF guard address ranges", () => {
  it.each([
    "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0",
    "198.18.0.1", "224.0.0.1", "255.255.255.255", "::", "::1", "fe80::1", "fc00::1", "fd12:3456::1", "ff02::1",
  ])("refuses the private, loopback, link-local or reserved address %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(["::ffff:7f00:1", "::ffff:a9fe:a9fe", "::ffff:10.0.0.1", "::7f00:1", "64:ff9b::a9fe:a9fe", "2002:7f00:1::1", "::ffff:0:7f00:1", "2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2"])(
    "refuses IPv6 forms that embed a private IPv4 address: %s",
    (address) => {
      expect(isPrivateAddress(address)).toBe(true);
    },
  );

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "203.0.114.1", "2606:4700:4700::1111", "::ffff:808:808"])("allows the public address %s", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});
