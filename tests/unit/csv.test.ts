import { describe, expect, it } from "vitest";
import { toCsv } from "@/server/lib/csv";

describe("CSV for spreadsheets", () => {
  it("writes a header and rows with CRLF line ends, numbers as they are and null as empty", () => {
    expect(toCsv(["a", "b", "c"], [["x", -350, null]])).toBe("a,b,c\r\nx,-350,\r\n");
  });

  it("quotes text with commas, quotes or line breaks, doubling inner quotes", () => {
    expect(toCsv(["t"], [['Toko "Maju", Jakarta'], ["baris\nbaru"]])).toBe('t\r\n"Toko ""Maju"", Jakarta"\r\n"baris\nbaru"\r\n');
  });

  it("defuses text a spreadsheet would run as a formula", () => {
    expect(toCsv(["t"], [["=HYPERLINK(1)"], ["+62812"], ["-1"], ["@SUM(A1)"]])).toBe("t\r\n'=HYPERLINK(1)\r\n'+62812\r\n'-1\r\n'@SUM(A1)\r\n");
  });
});
