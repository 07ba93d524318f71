import Foundation
import Testing

/// The HTML report in a real browser (issue 14): headless Chromium (Debian's `chromium`) loads the
/// report of Examples/contacts.json; the DOM it builds has one row shape per row and the summary's
/// text, the console logs no error, and its screenshot is not blank. Skipped, with the reason, where
/// no Chromium is installed (`apt-get install chromium`; scripts/test installs it when it can).
@Suite struct ReportBrowserTests {
    static let chromium: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: chromium != nil, "headless Chromium is not installed (apt-get install chromium)"))
    func chromiumRendersTheReport() throws {
        let browser = try #require(Self.chromium)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let html = directory.appendingPathComponent("contacts.html").path
        let made = try LayoutBinary.run(["report", LayoutBinary.examples.appendingPathComponent("contacts.json").path, "-o", html])
        #expect(made.status == 0, "\(made.stderr)")
        let flags = "--headless --disable-gpu --no-sandbox --no-first-run --disable-extensions --user-data-dir=\"$1/profile\""
        // The DOM as Chromium parsed it, with the console's messages on standard error.
        let dom = try LayoutBinary.runShell(
            "timeout 60 \"$2\" \(flags) --enable-logging=stderr --v=0 --dump-dom \"file://$1/contacts.html\"",
            arguments: [directory.path, browser])
        #expect(dom.status == 0, "\(dom.stderr.suffix(2000))")
        // The seed's 15 contacts, each drawn as a phone would: a cell with its name and number as
        // glyph outlines (15 + 15), and the 5 section titles and 5 footers (value1 cells, S11).
        #expect(dom.stdout.components(separatedBy: "<g class=\"cell\"").count - 1 == 15)
        #expect(dom.stdout.components(separatedBy: "<path class=\"glyphs\"").count - 1 == 40)
        #expect(dom.stdout.contains("<title>Kenshin Cui</title>"))
        #expect(dom.stdout.contains("height: fixed · 2 lines"))
        #expect(dom.stdout.contains("content size") && dom.stdout.contains("375 × 1085"))
        #expect(!dom.stderr.contains(":ERROR:CONSOLE"), "console errors: \(dom.stderr.suffix(2000))")
        // Where the browser puts the glyphs: every text's outline (getBBox) lies inside its cell.
        var page = try String(contentsOfFile: html, encoding: .utf8)
        page = page.replacingOccurrences(of: "</body>", with: """
        <script>
        const bad = [];
        document.querySelectorAll('g.cell').forEach((cell, i) => {
          const bg = cell.querySelector('rect.cell-bg');
          const w = +bg.getAttribute('width'), h = +bg.getAttribute('height');
          cell.querySelectorAll('g.text').forEach(t => {
            const m = /translate\\(([-\\d.]+) ([-\\d.]+)\\)/.exec(t.getAttribute('transform'));
            const b = t.querySelector('path.glyphs').getBBox();
            const x = +m[1] + b.x, y = +m[2] + b.y;
            if (b.width <= 0 || x < 0 || y < 0 || x + b.width > w || y + b.height > h) bad.push(i);
          });
        });
        document.body.setAttribute('data-check', bad.length === 0 ? 'inside' : 'outside:' + bad.join(','));
        </script>
        </body>
        """)
        try page.write(toFile: directory.appendingPathComponent("checked.html").path, atomically: true, encoding: .utf8)
        let checked = try LayoutBinary.runShell(
            "timeout 60 \"$2\" \(flags) --dump-dom \"file://$1/checked.html\"", arguments: [directory.path, browser])
        #expect(checked.stdout.contains("data-check=\"inside\""), "\(checked.stdout.prefix(300))")
        // A screenshot that is not blank: a white page compresses to a few hundred bytes.
        let shot = try LayoutBinary.runShell(
            "timeout 60 \"$2\" \(flags) --window-size=1000,800 --screenshot=\"$1/shot.png\" \"file://$1/contacts.html\"",
            arguments: [directory.path, browser])
        #expect(shot.status == 0, "\(shot.stderr.suffix(2000))")
        let png = try Data(contentsOf: directory.appendingPathComponent("shot.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(png.count > 10_000, "screenshot of \(png.count) bytes")
    }
}
