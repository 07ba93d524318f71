// swift-tools-version: 6.1
// libFuzzer targets for LayoutEngine (issue 12), in a package of their own so that the main
// package's build is unaffected. Build and run: scripts/fuzz.sh (docs/RELIABILITY.md).
import Foundation
import PackageDescription

// A path dependency's identity is its directory's name, which differs between checkouts.
let rootIdentity = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "LayoutEngineFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        // Arbitrary bytes as a JSON spec and as a YAML spec: decoded, and computed when they decode.
        .executableTarget(
            name: "SpecFuzz",
            dependencies: [.product(name: "LayoutEngine", package: rootIdentity)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // A font file (mutated subsets of the bundled fonts): loaded, then texts measured with direct
        // shaping and with HarfBuzz alone, which must agree.
        .executableTarget(
            name: "FontFuzz",
            dependencies: [.product(name: "LayoutEngine", package: rootIdentity)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // One `measure --jsonl` line: decoded as the CLI decodes it, then measured (with its lines).
        .executableTarget(
            name: "JSONLFuzz",
            dependencies: [.product(name: "LayoutEngine", package: rootIdentity)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
        // Batch-update sequences on a table and the same grid (one shared planner): the same
        // refusals and reasons, the same rows, the table's invariants.
        .executableTarget(
            name: "BatchFuzz",
            dependencies: [.product(name: "LayoutEngine", package: rootIdentity)],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
