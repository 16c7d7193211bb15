// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "GridBench",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "GridCore", targets: ["GridCore"]),
        .library(name: "GridLayouts", targets: ["GridLayouts"]),
        .library(name: "GridStrategies", targets: ["GridStrategies"]),
        .library(name: "GridViewport", targets: ["GridViewport"]),
        .library(name: "GridHarness", targets: ["GridHarness"]),
        .library(name: "GridReports", targets: ["GridReports"]),
        .executable(name: "gridbench", targets: ["gridbench"]),
        .library(name: "GridConformance", targets: ["GridConformance"]),
        .library(name: "GridConformanceTesting", targets: ["GridConformanceTesting"]),
        .library(name: "GridConformanceXCTest", targets: ["GridConformanceXCTest"]),
        // The performance gate, for a third party's own gate tool (see README, "Gate your layout in CI").
        .library(name: "GridGate", targets: ["GridGate", "GridGateTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (scripts/docs.sh): a command plugin only,
        // built when the command runs, never by `swift build` or `swift test`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Layer 1: geometry, data shape, the GridLayout contract and its laws. No Foundation.
        .target(name: "GridCore"),
        // Layer 2: the reference layouts, one folder each.
        .target(
            name: "GridLayouts", dependencies: ["GridCore"],
            // `rounded(.up)` and `.down` call libm's ceil and floor, which a binary that
            // imports neither Foundation nor Glibc does not otherwise link.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        // Layer 2: strategies generic over any GridLayout.
        .target(name: "GridStrategies", dependencies: ["GridCore"]),
        // Layer 3: the headless grid view.
        .target(name: "GridViewport", dependencies: ["GridCore"]),
        // Layer 4: traces, replay, measurement, fixtures, result files. Fixture checking
        // uses the conformance suite's golden files, a sibling module below nothing else.
        .target(
            name: "GridHarness",
            dependencies: [
                "GridCore", "GridLayouts", "GridStrategies", "GridViewport", "GridConformance",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            // Writes `replayFrames`, specialised for every registry layout in every strategy.
            plugins: ["ReplaySpecializationPlugin"]),
        // The replay's specialisation list, generated at build time from
        // LayoutRegistry.builtIn and StrategyKind.wrap, so that no one keeps it by hand: a
        // parser with no dependency (the tool is built for the building machine first, and
        // must not be a second build of the layouts), its command-line tool and the plugin.
        .target(name: "ReplaySpecializations"),
        .executableTarget(name: "replay-specializations", dependencies: ["ReplaySpecializations"]),
        .plugin(
            name: "ReplaySpecializationPlugin", capability: .buildTool(),
            dependencies: ["replay-specializations"]),
        // Layer 5: the strategy comparison report (Markdown, self-contained HTML, SVG charts),
        // and the session that measures a plan for it (child processes, repeats, tie-break).
        .target(name: "GridReports", dependencies: ["GridHarness", "GridLayouts", "GridStrategies"]),
        // Layer 6: the command-line tool. Only it links jemalloc, to measure memory.
        .systemLibrary(
            name: "CJemalloc",
            providers: [.apt(["libjemalloc-dev"])]),
        .executableTarget(
            name: "gridbench",
            dependencies: [
                "GridCore", "GridLayouts", "GridStrategies", "GridViewport", "GridHarness", "GridReports", "GridConformance", "CJemalloc",
                "GridGate", "GridGateTool", "GridCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Layer 5: the CI performance gate: plan, workloads, baselines, verdicts.
        .target(
            name: "GridGate",
            dependencies: ["GridCore", "GridLayouts", "GridStrategies", "GridViewport", "GridHarness", "GridReports"]),
        // Layer 6: the commands `gridbench` and every gate tool share (`dump`, `trace`), and what
        // commands need: exit codes, the console, argument types, progress lines.
        .target(
            name: "GridCommands",
            dependencies: [
                "GridCore", "GridLayouts", "GridStrategies", "GridViewport", "GridHarness", "GridReports",
                "GridConformance", "GridGate",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Layer 6: the gate as a command with jemalloc's counts: `gridbench gate` and third
        // parties' own gate tools, which also have `dump` and `trace` for their layouts.
        .target(
            name: "GridGateTool",
            dependencies: [
                "GridCommands",
                "GridCore", "GridHarness", "GridGate", "CJemalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // Layer 4: the conformance suite third parties import (GridCore and Foundation only),
        // and its thin adapters for Swift Testing and XCTest.
        .target(name: "GridConformance", dependencies: ["GridCore"]),
        .target(name: "GridConformanceTesting", dependencies: ["GridCore", "GridConformance"]),
        .target(name: "GridConformanceXCTest", dependencies: ["GridCore", "GridConformance"]),

        // Test support: a malloc interposer that counts allocations per thread, and helpers.
        .target(
            name: "CAllocationCounter",
            path: "Tests/Support/CAllocationCounter",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        .target(
            name: "GridTestSupport",
            dependencies: ["GridCore", "CAllocationCounter"],
            path: "Tests/Support/GridTestSupport"),

        .testTarget(name: "GridCoreTests", dependencies: ["GridCore", "GridTestSupport"]),
        .testTarget(name: "GridLayoutsTests", dependencies: ["GridLayouts", "GridTestSupport"]),
        .testTarget(
            name: "GridStrategiesTests",
            dependencies: ["GridStrategies", "GridLayouts", "GridTestSupport"]),
        .testTarget(
            name: "GridViewportTests",
            dependencies: ["GridViewport", "GridStrategies", "GridLayouts", "GridTestSupport"]),
        .testTarget(name: "ReplaySpecializationsTests", dependencies: ["ReplaySpecializations"]),
        .testTarget(name: "GridHarnessTests", dependencies: ["GridHarness", "GridTestSupport", "GridTestLayouts"]),
        .testTarget(name: "GridReportsTests", dependencies: ["GridReports", "GridHarness"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "GridConformanceTests",
            dependencies: [
                "GridConformance", "GridConformanceTesting", "GridConformanceXCTest", "GridLayouts", "GridStrategies",
                "GridTestSupport",
            ]),
        // End to end: runs the `gridbench` binary that `swift build --build-tests` and
        // `swift test` build beside the test bundle. It does not depend on the `gridbench`
        // target: on Linux that links the executable's code, and so jemalloc, into the one
        // test binary, where jemalloc's malloc_usable_size meets glibc's heap through
        // GridTestSupport's malloc interposer and the process crashes before any test runs.
        .testTarget(name: "GridBenchCLITests", dependencies: ["GridCore", "GridHarness", "GridReports"]),
        .testTarget(name: "GridGateTests", dependencies: ["GridGate", "GridHarness", "GridCore", "GridLayouts"]),
        // A gate tool built for the tests only: its layout is the tile grid with work planted
        // in the rect query, to prove that `check` catches a regression.
        // The readers as libFuzzer targets (scripts/fuzz.sh builds it with -sanitize=fuzzer);
        // built plainly, it reads files through the same targets, to reproduce a crash.
        .executableTarget(
            name: "gridbench-fuzz",
            dependencies: ["GridCore", "GridHarness", "GridReports", "GridConformance"],
            path: "Tests/Fuzz"),
        .executableTarget(
            name: "gridbench-gate-planted",
            dependencies: ["GridCore", "GridLayouts", "GridGate", "GridGateTool", "GridTestLayouts"],
            path: "Tests/GatePlantedTool"),
        // A layout for the tests only, with an operation of its own, added as a third party
        // adds one: its folder and a registry entry, and no other edit.
        .target(name: "GridTestLayouts", dependencies: ["GridCore", "GridLayouts"], path: "Tests/TestLayouts"),
        // `gridbench conform --isolate` on a layout with a trap planted in it, built for the
        // tests only: the shipped `gridbench` carries nothing test-only.
        .executableTarget(
            name: "gridbench-conform-planted",
            dependencies: ["GridCore", "GridLayouts", "GridStrategies", "GridConformance"],
            path: "Tests/ConformPlantedTool"),
    ]
)
