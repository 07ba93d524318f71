// swift-tools-version: 6.1
// libFuzzer targets for LayoutEngine (issue 12), in a package of their own so that the main
// package's build is unaffected. Build and run: scripts/fuzz.sh (docs/RELIABILITY.md).
import PackageDescription

let package = Package(
    name: "LayoutEngineFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: "..")],
    targets: [
        // Arbitrary bytes as a JSON spec and as a YAML spec: decoded, and computed when they decode.
        .executableTarget(
            name: "SpecFuzz",
            dependencies: [.product(name: "LayoutEngine", package: "main")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]),
    ]
)
