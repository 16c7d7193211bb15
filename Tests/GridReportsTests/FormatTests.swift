import GridReports
import Testing

@Suite struct FormatTests {
    @Test func fixedRoundsHalfAwayFromZero() {
        #expect(Format.fixed(1.25, decimals: 1) == "1.3")
        #expect(Format.fixed(-1.25, decimals: 1) == "-1.3")
        #expect(Format.fixed(0.001, decimals: 3) == "0.001")
        #expect(Format.fixed(12, decimals: 2) == "12.00")
        #expect(Format.fixed(-0.0004, decimals: 3) == "0.000")
        #expect(Format.fixed(.nan, decimals: 2) == "NaN")
        #expect(Format.fixed(-.infinity, decimals: 2) == "−∞")
        // Past 2^53 the value is printed whole, without trapping.
        #expect(Format.fixed(1e20, decimals: 2) == "1e+20")
    }

    @Test func significantDigits() {
        #expect(Format.significant(1_234.5) == "1235")
        #expect(Format.significant(12.345) == "12.3")
        #expect(Format.significant(1.2) == "1.20")
        #expect(Format.significant(0.0123) == "0.012")
        #expect(Format.significant(0) == "0")
        // 9.996 to three digits is 10.0, not 10.00.
        #expect(Format.significant(9.996) == "10.0")
        #expect(Format.significant(99.96) == "100")
        // Too small for the decimals allowed: 0.0003 at three places is 0.000, not a trap
        // (log10 of the rounded zero).
        #expect(Format.significant(0.0003) == "0.000")
        #expect(Format.significant(0.00029) == "0.000")
    }

    @Test func microseconds() {
        #expect(Format.micros(1_000) == "1.00")
        #expect(Format.micros(1_200) == "1.20")
        #expect(Format.micros(850) == "0.850")
        #expect(Format.micros(5) == "0.005")
        #expect(Format.micros(12_345) == "12.3")
        #expect(Format.micros(123_456) == "123")
        #expect(Format.micros(1_234_567) == "1235")
    }

    @Test func durationsBytesCountsShares() {
        #expect(Format.duration(850) == "850 ns")
        #expect(Format.duration(1_200) == "1.20 µs")
        #expect(Format.duration(1e9 / 120 / 2) == "4.17 ms")
        #expect(Format.duration(1.234e9) == "1.23 s")
        #expect(Format.bytes(512) == "512 B")
        // 142,848 / 1024 = 139.5 → three digits: 140.
        #expect(Format.bytes(142_848) == "140 KiB")
        // 4,800,000 / 1,048,576 = 4.5776…
        #expect(Format.bytes(4_800_000) == "4.58 MiB")
        #expect(Format.bytes(4_194_304) == "4.00 MiB")
        #expect(Format.count(10_000_000) == "10,000,000")
        #expect(Format.count(2_976) == "2,976")
        #expect(Format.count(400) == "400")
        #expect(Format.count(-1_000) == "-1,000")
        #expect(Format.percent(0.5) == "50.0 %")
        #expect(Format.percent(1_200 / (1e9 / 120)) == "0.014 %")
        #expect(Format.multiple(1.2) == "1.20×")
        #expect(Format.durationTick(2_000) == "2 µs")
        #expect(Format.countTick(1_000_000) == "1M")
    }
}

@Suite struct EscapeTests {
    @Test func htmlEscapesMarkupCharacters() {
        #expect(Escape.html(#"a<b&"c"'d>"#) == "a&lt;b&amp;&quot;c&quot;&#39;d&gt;")
        #expect(Escape.html("photos-2976 · µs") == "photos-2976 · µs")
    }

    @Test func markdownEscapesTableAndInlineMarkup() {
        #expect(Escape.markdown(#"a<b&"c""#) == #"a\<b\&"c""#)
        #expect(Escape.markdown("x|y *z* _w_ `v`") == #"x\|y \*z\* \_w\_ \`v\`"#)
        #expect(Escape.markdown("photos-2976") == "photos-2976")
        #expect(Escape.markdown("two\nlines") == "two lines")
    }
}
