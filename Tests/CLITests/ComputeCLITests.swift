import Foundation
import Testing

/// `layout compute` and `layout report` on tables, through the built executable (contract: CLI,
/// result format, exit statuses).
@Suite struct ComputeCLITests {
    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// Every example in Examples/ computes (exit 0), tables and grids.
    @Test func examplesCompute() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: LayoutBinary.examples.path)
            .filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
        #expect(names.count >= 5)
        for name in names {
            // The million-row example's full output is 78 MB: summarise it (its values are checked below).
            let huge = name.contains("million")
            let output = try LayoutBinary.run(["compute", LayoutBinary.examples.appendingPathComponent(name).path]
                                              + (huge ? ["--summary"] : []))
            #expect(output.status == 0, "\(name): \(output.stderr)")
            let result = try json(output.stdout)
            #expect(result["contentSize"] != nil && (huge || result["sections"] != nil), "\(name)")
            #expect(result[name.contains("grid") ? "visibleItems" : "visibleRows"] != nil, "\(name)")
        }
    }

    /// S11 through the CLI: content 1085 and the first section's rects (seed notes 000-001).
    @Test func contacts() throws {
        let output = try LayoutBinary.run(["compute", LayoutBinary.examples.appendingPathComponent("contacts.json").path])
        #expect(output.status == 0)
        let result = try json(output.stdout)
        let size = try #require(result["contentSize"] as? [String: Double])
        #expect(size == ["width": 375, "height": 1085])
        let sections = try #require(result["sections"] as? [[String: Any]])
        #expect(sections.count == 5)
        #expect(sections[0]["rect"] as? [Double] == [0, 0, 375, 180])
        #expect(sections[0]["header"] as? [Double] == [0, 0, 375, 50])
        #expect(sections[0]["footer"] as? [Double] == [0, 140, 375, 40])
        let rows = try #require(sections[0]["rows"] as? [[String: Any]])
        #expect(rows.map { $0["rect"] as? [Double] } == [[0, 50, 375, 45], [0, 95, 375, 45]])
        #expect(rows.allSatisfy { $0["estimated"] as? Bool == false && $0["nested"] is NSNull })
        #expect(result["tableHeader"] is NSNull && result["tableFooter"] is NSNull)
        // Queries: [100, 100] is in row 1 of section 0 (95…140); row [3, 4] (785…830) in the middle
        // wants 807.5 − 333.5 = 474, clamped to the largest offset 1085 − 667 = 418.
        let queries = try #require(result["queries"] as? [[String: Any]])
        #expect(queries[0]["indexPath"] as? [Int] == [0, 1])
        #expect(queries[1]["contentOffset"] as? Double == min(785 + 22.5 - 667.0 / 2, 1085 - 667))
    }

    /// A million rows with `--summary`: no per-row output, exact counts and content height.
    @Test func millionRowSummary() throws {
        let spec = #"{"rows": {"count": 1000000}, "queries": [{"scrollToRow": [0, 999999], "position": "bottom"}]}"#
        let output = try LayoutBinary.run(["compute", "-", "--summary"], input: spec)
        #expect(output.status == 0, "\(output.stderr)")
        let result = try json(output.stdout)
        #expect(result["sections"] == nil)
        #expect((result["contentSize"] as? [String: Double])?["height"] == 1_000_000.0 * 44)
        #expect(result["counts"] as? [String: Int] == ["sections": 1, "rows": 1_000_000])
        #expect((result["visibleRows"] as? [[Int]])?.count == 16)  // rows 0…15 overlap 0…667
        let queries = try #require(result["queries"] as? [[String: Any]])
        #expect(queries[0]["contentOffset"] as? Double == 1_000_000.0 * 44 - 667)
    }

    /// YAML and JSON versions of the contacts example print the same result.
    @Test func yamlEqualsJSON() throws {
        let a = try LayoutBinary.run(["compute", LayoutBinary.examples.appendingPathComponent("contacts.json").path])
        let b = try LayoutBinary.run(["compute", LayoutBinary.examples.appendingPathComponent("contacts.yaml").path])
        #expect(a.status == 0 && b.status == 0)
        #expect(a.stdout == b.stdout)
    }

    /// A refused batch: exit 1, UIKit's reason after the batch's path, nothing on standard output.
    @Test func refusedBatch() throws {
        let spec = #"{"rows": [44], "updates": [{"deleteRows": [[0, 5]]}]}"#
        for command in ["compute", "report"] {
            let output = try LayoutBinary.run([command, "-"], input: spec)
            #expect(output.status == 1)
            #expect(output.stderr == "error: updates[0]: attempt to delete row 5 from section 0 which only contains 1 rows before the update\n")
            #expect(output.stdout.isEmpty)
        }
    }

    /// The batch of T-UPD-2 through the CLI: [A, B, C, D] insert X at 1 + delete 2 → [A, X, B, D].
    @Test func batchUpdate() throws {
        let spec = #"{"rows": [10, 20, 30, 40], "updates": [{"insertRows": [{"at": [0, 1], "row": 50}], "deleteRows": [[0, 2]]}]}"#
        let output = try LayoutBinary.run(["compute", "-", "--compact"], input: spec)
        let sections = try #require(try json(output.stdout)["sections"] as? [[String: Any]])
        let rows = try #require(sections[0]["rows"] as? [[String: Any]])
        #expect(rows.compactMap { ($0["rect"] as? [Double])?[3] } == [10, 50, 20, 40])
    }

    /// `layout report`: HTML with an SVG picture holding one rect per row.
    @Test func htmlReport() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).html").path
        let output = try LayoutBinary.run(["report", LayoutBinary.examples.appendingPathComponent("contacts.json").path, "-o", out])
        #expect(output.status == 0, "\(output.stderr)")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.contains("<svg"))
        // Each row drawn as a cell (its labels as glyph outlines: see ReportBrowserTests).
        #expect(html.components(separatedBy: "<g class=\"cell\"").count - 1 == 15)
        #expect(html.components(separatedBy: "<rect class=\"header").count - 1 == 5)
        let text = try LayoutBinary.run(["report", LayoutBinary.examples.appendingPathComponent("feed.json").path, "--format", "json"])
        #expect(text.status == 0, "\(text.stderr)")
        let report = try json(text.stdout)
        #expect(report["estimation"] != nil && !(report["estimation"] is NSNull))
    }

    /// The report draws a composed cell's frames inside its row: 20 posts, each with its avatar
    /// (a leaf, shaded, with its id), and a tooltip naming the element's path.
    @Test func htmlReportDrawsComposedCells() throws {
        let output = try LayoutBinary.run(["report", LayoutBinary.examples.appendingPathComponent("weibo-feed.json").path])
        #expect(output.status == 0, "\(output.stderr)")
        let html = output.stdout
        #expect(html.components(separatedBy: "<rect class=\"cell-frame\"").count - 1 >= 20 * 5)
        #expect(html.components(separatedBy: "<rect class=\"image\"").count - 1 >= 20)  // every avatar
        #expect(html.contains("<title>row [0, 0] element 0.0 &quot;avatar&quot; [10, 10, 40, 40]</title>"))
        let compute = try LayoutBinary.run(["compute", LayoutBinary.examples.appendingPathComponent("weibo-feed.json").path, "--compact"])
        let rows = try #require((try json(compute.stdout)["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        #expect(rows.count == 20)
        #expect(rows.allSatisfy { ($0["frames"] as? [[String: Any]])?.isEmpty == false })
    }

    /// Progress goes to standard error only when it is a terminal (here a pseudo-terminal from
    /// `script`), never with --quiet, never into a pipe; it is erased when the work ends.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func progressOnlyOnATerminal() throws {
        let binary = try #require(LayoutBinary.url).path
        let spec = LayoutBinary.examples.appendingPathComponent("contacts.json").path
        let onTerminal = try LayoutBinary.runShell(
            #"LAYOUT_PROGRESS_AFTER=0 script -qec "'$1' compute '$2' --summary > /dev/null" /dev/null"#, arguments: [binary, spec])
        #expect(onTerminal.status == 0)
        #expect(onTerminal.stdout.contains("layout: "))
        #expect(onTerminal.stdout.hasSuffix("\r\u{1B}[K"))  // erased at the end
        let quiet = try LayoutBinary.runShell(
            #"LAYOUT_PROGRESS_AFTER=0 script -qec "'$1' compute '$2' --summary --quiet > /dev/null" /dev/null"#, arguments: [binary, spec])
        #expect(quiet.status == 0)
        #expect(!quiet.stdout.contains("layout: "))
        let piped = try LayoutBinary.runShell(#"LAYOUT_PROGRESS_AFTER=0 "$1" compute "$2" --summary"#, arguments: [binary, spec])
        #expect(piped.stderr.isEmpty)
    }

    /// Usage errors exit 2 with the parser's message and the usage on standard error; help exits 0.
    @Test func usageErrorsExitTwo() throws {
        for arguments in [["compute"], ["compute", "a.json", "--bogus"], ["frobnicate"], ["report", "x.json", "--format", "pdf"]] {
            let output = try LayoutBinary.run(arguments)
            #expect(output.status == 2, "\(arguments)")
            #expect(output.stderr.contains("Error:") && output.stderr.contains("Usage:"), "\(arguments): \(output.stderr)")
            #expect(output.stdout.isEmpty)
        }
        for arguments in [["--help"], ["help", "compute"], ["compute", "--help"]] {
            let output = try LayoutBinary.run(arguments)
            #expect(output.status == 0, "\(arguments)")
            #expect(output.stdout.contains("USAGE:") || output.stdout.contains("Usage:"))
        }
    }
}
