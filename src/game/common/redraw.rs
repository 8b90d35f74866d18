//! Draw only when something changes: a still board costs no CPU.
//!
//! The app runs in Bevy's reactive mode (desktop and web): a frame comes on
//! input and window events, on a wake-up from a background task, and when a
//! wing asks for one. Each frame, the wings say how soon they need the next:
//!
//! - `NextFrame::now()` while something moves (a tween);
//! - egui's own repaint requests, with the delay egui gives them (a tooltip
//!   that appears after a pause, a blinking text cursor): bevy_egui would
//!   turn any delayed request into an immediate `RequestRedraw`, so
//!   `egui_repaints` reads the delay and the `RequestRedraw`s are replaced
//!   by this frame's own (and `drop_unchanged_modifiers` stops bevy_egui's
//!   every-frame modifier event, which egui takes as input to redraw for);
//! - `NextFrame::within(d)` for a timer (a notice that fades, a delayed
//!   sound, a settings write) or a heartbeat (the "thinking" indicator at
//!   `NextFrame::thinking`, files still loading at `LOADING_PULSE`);
//! - `FrameWaker::wake()` from another thread when a background job ends
//!   (the AI's search, an autosave), so its answer is shown at once.
//!
//! With nothing asked, the app sleeps `IDLE_WAIT` between frames (it draws
//! once in a while so that a missed wake-up can never hang the game).

use std::panic::Location;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};

/// The slowest the app draws with nothing to do (focused window).
pub const IDLE_WAIT: Duration = Duration::from_secs(5);
/// The slowest it draws when its window is not focused.
pub const UNFOCUSED_IDLE_WAIT: Duration = Duration::from_secs(60);
/// The "thinking" indicator's pace while the computer searches (10 frames a second).
pub const THINKING_PULSE: Duration = Duration::from_millis(100);
/// Its pace under a software renderer (no graphics card, e.g. a browser
/// that falls back to SwiftShader): each frame is drawn by the processor
/// the search runs on, and costs it far more than the pulse's 100 ms (0.4 s
/// of SwiftShader's time for a 1280×800 board in headless Chromium).
pub const SOFTWARE_THINKING_PULSE: Duration = Duration::from_secs(1);
/// The pace while files load, so what arrives is shown soon.
pub const LOADING_PULSE: Duration = Duration::from_millis(50);

/// The waits the event loop is given (see `NextFrame::within`).
const WAIT_STEPS: [Duration; 6] = [
    Duration::ZERO,
    LOADING_PULSE,
    THINKING_PULSE,
    Duration::from_millis(250),
    SOFTWARE_THINKING_PULSE,
    IDLE_WAIT,
];

pub(super) fn plugin(app: &mut App) {
    // Registered here too, so headless apps (no window plugin) can ask for frames.
    app.add_message::<RequestRedraw>()
        .add_message::<CursorMoved>()
        .add_message::<bevy::window::WindowResized>()
        .init_resource::<NextFrame>()
        .init_resource::<LastAsk>()
        .init_resource::<FrameWaker>()
        .init_resource::<LoadWatch>()
        .insert_resource(WinitSettings {
            focused_mode: UpdateMode::reactive_low_power(IDLE_WAIT),
            unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_IDLE_WAIT),
        })
        .add_systems(Startup, take_waker)
        .add_systems(
            First,
            pace_thinking_for_the_renderer
                .run_if(resource_added::<bevy::render::renderer::RenderAdapterInfo>),
        )
        .add_systems(Update, (watch_loads, settle_after_input))
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        )
        .add_systems(
            PostUpdate,
            egui_repaints
                .after(bevy_egui::EguiPostUpdateSet::EndPass)
                .before(bevy_egui::EguiPostUpdateSet::ProcessOutput),
        )
        .add_systems(Last, schedule_next_frame);
}

/// egui's repaint request for the frame just built, with its delay, as an
/// ask like any other (runs between bevy_egui's end of pass and its output,
/// which would otherwise turn even a delayed request into a redraw at once).
fn egui_repaints(outputs: Query<&bevy_egui::EguiFullOutput>, mut next: ResMut<NextFrame>) {
    for output in &outputs {
        let delay = output
            .0
            .as_ref()
            .and_then(|o| o.viewport_output.get(&bevy_egui::egui::ViewportId::ROOT))
            .map(|v| v.repaint_delay);
        if let Some(delay) = delay.filter(|d| *d < Duration::MAX) {
            next.within(delay);
        }
    }
}

/// bevy_egui tells egui the modifier keys' state every frame as a
/// `ModifiersChanged` event, and egui repaints at once after any event: the
/// app would draw every frame forever. Only a real change is passed on.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    use bevy_egui::egui::Event;
    for mut input in &mut inputs {
        input.events.retain(|event| match event {
            Event::ModifiersChanged(now) if *last == Some(*now) => false,
            Event::ModifiersChanged(now) => {
                *last = Some(*now);
                true
            }
            _ => true,
        });
    }
}

/// How soon the next frame must come, as the wings asked this frame.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct NextFrame {
    within: Option<Duration>,
    /// Where the soonest ask came from (the frame log names it).
    by: Option<&'static Location<'static>>,
    /// The "thinking" indicator's pace on this machine (kept across frames).
    thinking_pulse: Duration,
}

impl Default for NextFrame {
    fn default() -> Self {
        NextFrame::paced(THINKING_PULSE)
    }
}

/// The last frame's ask as it was handed to the event loop, and who made
/// it: the frame log writes it, so a frame nobody should want can be traced.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct LastAsk {
    pub within: Option<Duration>,
    pub by: Option<&'static Location<'static>>,
}

impl NextFrame {
    /// No frame asked yet, with this pace for the "thinking" indicator.
    fn paced(thinking_pulse: Duration) -> NextFrame {
        NextFrame {
            within: None,
            by: None,
            thinking_pulse,
        }
    }
    /// The next frame of the "thinking" indicator, while the computer
    /// searches: `THINKING_PULSE`, or `SOFTWARE_THINKING_PULSE` under a
    /// software renderer.
    #[track_caller]
    pub fn thinking(&mut self) {
        self.within(self.thinking_pulse);
    }
    /// The pace of [`NextFrame::thinking`]: an indicator that moves a step
    /// a frame turns at this pace.
    pub fn thinking_pulse(&self) -> Duration {
        self.thinking_pulse
    }
    /// The next frame is wanted at once (something is moving).
    #[track_caller]
    pub fn now(&mut self) {
        self.within(Duration::ZERO);
    }
    /// The next frame is wanted no later than `wait` from now. The wait is
    /// rounded down to one of a few steps: the event loop draws an extra
    /// frame whenever its wait changes, so a timer counting down must not
    /// change it every frame.
    #[track_caller]
    pub fn within(&mut self, wait: Duration) {
        let step = WAIT_STEPS
            .iter()
            .rev()
            .copied()
            .find(|step| *step <= wait)
            .unwrap_or(Duration::ZERO);
        if self.within.is_none_or(|w| step < w) {
            self.within = Some(step);
            self.by = Some(Location::caller());
        }
    }
    /// The next frame is wanted no later than `seconds` from now (a timer's rest).
    #[track_caller]
    pub fn within_secs(&mut self, seconds: f64) {
        if seconds.is_finite() {
            self.within(Duration::from_secs_f64(seconds.max(0.0)));
        }
    }
    /// What was asked this frame, if anything.
    pub fn asked(&self) -> Option<Duration> {
        self.within
    }
}

/// Wakes the app from another thread, e.g. when a background search ends.
/// Does nothing in headless apps (no event loop to wake).
#[derive(Resource, Clone, Default)]
pub struct FrameWaker(Option<bevy::winit::EventLoopProxy<WinitUserEvent>>);

impl FrameWaker {
    pub fn wake(&self) {
        if let Some(proxy) = &self.0 {
            // Fails only when the event loop is gone (the app is closing).
            let _ = proxy.send_event(WinitUserEvent::WakeUp);
        }
    }
}

/// The "thinking" pulse for a renderer: slow under a software one, whose
/// frames take the processor from the search the indicator reports on
/// (docs/web-figures.md: in headless Chromium a frame costs SwiftShader more
/// CPU than a tenth of a second).
pub fn thinking_pulse(software_renderer: bool) -> Duration {
    if software_renderer {
        SOFTWARE_THINKING_PULSE
    } else {
        THINKING_PULSE
    }
}

fn pace_thinking_for_the_renderer(
    adapter: Res<bevy::render::renderer::RenderAdapterInfo>,
    mut next: ResMut<NextFrame>,
) {
    // wgpu's `DeviceType` is not re-exported by Bevy; its name is enough.
    let software = format!("{:?}", adapter.device_type).eq_ignore_ascii_case("cpu");
    next.thinking_pulse = thinking_pulse(software);
    if software {
        info!("A software renderer: the \"thinking\" indicator moves once a second");
    }
}

fn take_waker(proxy: Option<Res<EventLoopProxyWrapper>>, mut waker: ResMut<FrameWaker>) {
    if let Some(proxy) = proxy {
        waker.0 = Some((**proxy).clone());
    }
}

/// Files whose arrival should be drawn at once: while any of them is still
/// loading, the app keeps a `LOADING_PULSE` heartbeat.
#[derive(Resource, Default)]
pub struct LoadWatch(Vec<UntypedHandle>);

impl LoadWatch {
    /// Keeps frames coming until this file has loaded (or failed).
    pub fn watch(&mut self, handle: impl Into<UntypedHandle>) {
        self.0.push(handle.into());
    }
}

/// Frames drawn after a watched file arrives: the frame it arrives in has
/// not yet uploaded a picture to the GPU, so it would draw without it.
const FRAMES_AFTER_LOAD: u8 = 3;

fn watch_loads(
    mut watch: ResMut<LoadWatch>,
    server: Option<Res<AssetServer>>,
    mut next: ResMut<NextFrame>,
    mut settling: Local<u8>,
) {
    let Some(server) = server else {
        watch.0.clear();
        return;
    };
    if *settling > 0 {
        *settling -= 1;
        next.now();
    }
    if watch.0.is_empty() {
        return;
    }
    let before = watch.0.len();
    watch.0.retain(|h| {
        let id = h.id();
        server.get_load_state(id).is_some_and(|s| s.is_loading())
            || server
                .get_recursive_dependency_load_state(id)
                .is_some_and(|s| s.is_loading())
    });
    if watch.0.len() < before {
        *settling = FRAMES_AFTER_LOAD;
        next.now();
    }
    if !watch.0.is_empty() {
        next.within(LOADING_PULSE);
    }
}

/// Frames after input (or a resized window): what a click or a key starts is often drawn a
/// frame or two later (a state change, a view that follows it), and the
/// app must not fall asleep in between.
const FRAMES_AFTER_INPUT: u8 = 3;

fn settle_after_input(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut buttons: MessageReader<bevy::input::mouse::MouseButtonInput>,
    mut wheels: MessageReader<bevy::input::mouse::MouseWheel>,
    mut touches: MessageReader<bevy::input::touch::TouchInput>,
    mut cursor: MessageReader<CursorMoved>,
    mut resized: MessageReader<bevy::window::WindowResized>,
    mut left: Local<u8>,
    mut next: ResMut<NextFrame>,
) {
    let input = keys.read().count()
        + buttons.read().count()
        + wheels.read().count()
        + touches.read().count()
        + cursor.read().count()
        + resized.read().count();
    if input > 0 {
        *left = FRAMES_AFTER_INPUT;
    }
    if *left > 0 {
        *left -= 1;
        next.now();
    }
}

/// Frames drawn after the last one asked for at once.
const TAIL_FRAMES: u8 = 2;

/// Turns this frame's asks into the event loop's next wait.
pub(crate) fn schedule_next_frame(
    mut next: ResMut<NextFrame>,
    mut winit: ResMut<WinitSettings>,
    mut redraws: ResMut<Messages<RequestRedraw>>,
    mut last: ResMut<LastAsk>,
    mut tail: Local<u8>,
) {
    let pulse = next.thinking_pulse;
    let NextFrame {
        within: mut asked,
        by,
        ..
    } = std::mem::replace(&mut *next, NextFrame::paced(pulse));
    // A burst of frames ends with a few more: what its last frame changed
    // (a picture uploaded, egui's hit areas, the pointer's hover) is one
    // frame behind, and must reach the screen before the app sleeps.
    if asked == Some(Duration::ZERO) {
        *tail = TAIL_FRAMES;
    } else if *tail > 0 {
        *tail -= 1;
        asked = Some(Duration::ZERO);
    }
    // Every ask came through `NextFrame` (egui's too, with its delay): the
    // event loop hears this frame's answer only.
    redraws.clear();
    *last = LastAsk { within: asked, by };
    if asked == Some(Duration::ZERO) {
        redraws.write(RequestRedraw);
    }
    let wanted = WinitSettings {
        focused_mode: update_mode(asked, IDLE_WAIT),
        unfocused_mode: update_mode(asked, UNFOCUSED_IDLE_WAIT),
    };
    if winit.focused_mode != wanted.focused_mode || winit.unfocused_mode != wanted.unfocused_mode {
        *winit = wanted;
    }
}

/// The event loop's mode for a frame wanted within `asked` (`idle` when
/// nothing was asked).
///
/// - Low power: raw device events (the mouse moving anywhere on the
///   desktop) wake nothing; the window's own events do.
/// - On the web a frame wanted at once makes the loop continuous: it waits
///   for the page's next animation frame. Reactive with no wait polls the
///   loop until that frame comes, which spins the page's thread: 1,400
///   turns a second in Chromium, most of a core, while a software renderer
///   took 0.4 s to draw each frame (docs/web-figures.md). The desktop
///   keeps reactive with no wait: under X11, continuous drew frames wanted
///   at once half a second apart.
pub fn update_mode(asked: Option<Duration>, idle: Duration) -> UpdateMode {
    match asked {
        Some(Duration::ZERO) if cfg!(target_arch = "wasm32") => UpdateMode::Continuous,
        asked => UpdateMode::reactive_low_power(asked.unwrap_or(idle)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soonest_ask_wins() {
        let mut next = NextFrame::default();
        assert_eq!(next.asked(), None);
        next.within(Duration::from_secs(3));
        assert_eq!(
            next.asked(),
            Some(Duration::from_secs(1)),
            "rounded down to a step"
        );
        next.within(Duration::from_millis(130));
        assert_eq!(next.asked(), Some(THINKING_PULSE));
        next.within(Duration::from_secs(2));
        assert_eq!(next.asked(), Some(THINKING_PULSE), "the soonest stays");
        next.within_secs(f64::NAN);
        next.within_secs(-1.0);
        assert_eq!(next.asked(), Some(Duration::ZERO));
    }

    #[test]
    fn the_thinking_pulse_slows_under_a_software_renderer_and_keeps_its_pace_across_frames() {
        use bevy::ecs::system::RunSystemOnce;
        assert_eq!(thinking_pulse(false), THINKING_PULSE);
        assert_eq!(thinking_pulse(true), SOFTWARE_THINKING_PULSE);
        let mut world = World::new();
        world.insert_resource(NextFrame::paced(thinking_pulse(true)));
        world.init_resource::<LastAsk>();
        world.init_resource::<Messages<RequestRedraw>>();
        world.insert_resource(WinitSettings::desktop_app());
        for _ in 0..2 {
            world.resource_mut::<NextFrame>().thinking();
            world.run_system_once(schedule_next_frame).unwrap();
            assert_eq!(
                world.resource::<LastAsk>().within,
                Some(SOFTWARE_THINKING_PULSE)
            );
            let next = world.resource::<NextFrame>();
            assert_eq!(
                (next.asked(), next.thinking_pulse()),
                (None, SOFTWARE_THINKING_PULSE)
            );
        }
    }

    #[test]
    fn only_a_real_change_of_the_modifier_keys_reaches_egui() {
        use bevy_egui::EguiInput;
        use bevy_egui::egui::{Event, Modifiers};
        let mut world = World::new();
        let context = world.spawn(EguiInput::default()).id();
        let mut system = IntoSystem::into_system(drop_unchanged_modifiers);
        system.initialize(&mut world);
        let mut frame = |world: &mut World, modifiers: Modifiers| {
            world
                .get_mut::<EguiInput>(context)
                .unwrap()
                .events
                .push(Event::ModifiersChanged(modifiers));
            system.run((), world).unwrap();
            std::mem::take(&mut world.get_mut::<EguiInput>(context).unwrap().events)
        };
        assert_eq!(
            frame(&mut world, Modifiers::NONE).len(),
            1,
            "the first state"
        );
        assert!(
            frame(&mut world, Modifiers::NONE).is_empty(),
            "the same again"
        );
        assert_eq!(
            frame(&mut world, Modifiers::SHIFT).len(),
            1,
            "shift pressed"
        );
        assert!(frame(&mut world, Modifiers::SHIFT).is_empty());
    }

    #[test]
    fn a_still_app_sleeps_and_a_moving_one_draws_at_once() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::input::InputPlugin))
            .add_plugins(plugin);
        app.update();
        let winit = app.world().resource::<WinitSettings>();
        assert_eq!(
            winit.focused_mode,
            UpdateMode::reactive_low_power(IDLE_WAIT)
        );

        app.world_mut()
            .resource_mut::<NextFrame>()
            .within(THINKING_PULSE);
        app.update();
        let winit = app.world().resource::<WinitSettings>();
        assert_eq!(
            winit.focused_mode,
            UpdateMode::reactive_low_power(THINKING_PULSE)
        );

        app.world_mut().resource_mut::<NextFrame>().now();
        app.update();
        let redraws = app.world().resource::<Messages<RequestRedraw>>();
        assert!(
            !redraws.is_empty(),
            "a frame asked for at once is a redraw request"
        );
        // Frames at once (continuous on the web), a few more, then sleep.
        let at_once = update_mode(Some(Duration::ZERO), IDLE_WAIT);
        assert_eq!(at_once, UpdateMode::reactive_low_power(Duration::ZERO));
        let winit = app.world().resource::<WinitSettings>();
        assert_eq!(winit.focused_mode, at_once);
        for _ in 0..TAIL_FRAMES {
            app.update();
            let winit = app.world().resource::<WinitSettings>();
            assert_eq!(winit.focused_mode, at_once);
        }
        app.update();
        let winit = app.world().resource::<WinitSettings>();
        assert_eq!(
            winit.focused_mode,
            UpdateMode::reactive_low_power(IDLE_WAIT)
        );
    }
}
