import Foundation
import Testing

/// The CLI's error texts and exit statuses for bad specs (contract: "Errors: a message naming
/// the JSON path …, exit status 1"). Pinned here because scripts depend on them.
@Suite struct ErrorMessageTests {
    static let badSpecs: [(spec: String, stderr: String)] = [
        (#"{"sections": [{}, {}, {"rows": [{}, {"height": -1}]}]}"#, "error: sections[2].rows[1].height: must be ≥ 0\n"),
        (#"{"kind": "tabel"}"#, "error: kind: \"tabel\" is not one of table, grid\n"),
        (#"{"kind": "table"}"#, "error: sections: required field is missing\n"),
        (#"{"sections": [{"rows": {"count": 20000000}}]}"#, "error: sections[0].rows.count: must be ≤ 10000000\n"),
        (#"{"kind": "grid", "items": [{"width": -3, "height": 4}]}"#, "error: items[0].width: must be > 0\n"),
        ("{\n  \"sections\": [\n    {\"rows\": [}\n  ]\n}", "error: line 3, column 15: unexpected '}', expected a value\n"),
    ]

    @Test(arguments: badSpecs)
    func badSpecFromStandardInput(spec: String, stderr: String) throws {
        for command in ["compute", "report"] {
            let output = try LayoutBinary.run([command, "-"], input: spec)
            #expect(output.status == 1, "\(command)")
            #expect(output.stderr == stderr, "\(command)")
            #expect(output.stdout.isEmpty)
        }
    }

    @Test func syntaxErrorNamesTheFile() throws {
        let path = try LayoutBinary.temporaryFile("broken.json", "{\"sections\": [}")
        let output = try LayoutBinary.run(["compute", path])
        #expect(output.status == 1)
        #expect(output.stderr == "error: \(path): line 1, column 15: unexpected '}', expected a value\n")
    }

    @Test func yamlFileIsReadAsYAML() throws {
        let path = try LayoutBinary.temporaryFile("bad.yml", "kind: table\nsections:\n  - rows:\n      - height: -45\n")
        let output = try LayoutBinary.run(["compute", path, "--summary"])
        #expect(output.status == 1)
        #expect(output.stderr == "error: sections[0].rows[0].height: must be ≥ 0\n")
    }

    @Test func unknownFieldsAreWarnedAboutBeforeTheError() throws {
        let output = try LayoutBinary.run(["compute", "-"], input: #"{"sections": [{"rows": {"cuont": 3}}]}"#)
        #expect(output.status == 1)
        #expect(output.stderr == """
        warning: sections[0].rows.cuont: unknown field, ignored (did you mean "count"?)
        error: sections[0].rows.count: required field is missing

        """)
    }

    @Test func missingFile() throws {
        let output = try LayoutBinary.run(["compute", "/nonexistent/spec.json"])
        #expect(output.status == 1)
        #expect(output.stderr == "error: cannot read /nonexistent/spec.json: no such file\n")
    }

    @Test func validExamplesPassValidation() throws {
        // Every example computes without a warning.
        for name in ["contacts.json", "contacts.yaml", "photos-grid.json", "feed.json", "million.json"] {
            let path = LayoutBinary.examples.appendingPathComponent(name).path
            let output = try LayoutBinary.run(["compute", path, "--summary"])
            #expect(!output.stderr.contains("warning:"), "\(name): \(output.stderr)")
            #expect(output.status == 0, "\(name): \(output.stderr)")
        }
    }

    @Test func helpDescribesTheCommands() throws {
        let compute = try LayoutBinary.run(["compute", "--help"])
        #expect(compute.status == 0)
        #expect(compute.stdout.contains("--summary"))
        let report = try LayoutBinary.run(["report", "--help"])
        #expect(report.status == 0)
        #expect(report.stdout.contains("--format <format>") && report.stdout.contains("--output"))
    }
}
