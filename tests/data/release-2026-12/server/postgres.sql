--
-- PostgreSQL database dump
--

\restrict 0zajTK0Nuo0Y83mcFlFvO6gWzruzaWuRoxaif7bCEBi1asKgKqrQ569e8Cxa8HW

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    code text NOT NULL,
    game_no bigint NOT NULL,
    a_side text NOT NULL,
    winner text,
    reason text,
    ended_ms bigint,
    ratings text
);


--
-- Name: moves; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.moves (
    code text NOT NULL,
    game_no bigint NOT NULL,
    ply bigint NOT NULL,
    mv text NOT NULL,
    hunters_ms bigint,
    crowd_ms bigint,
    at_ms bigint NOT NULL
);


--
-- Name: players; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.players (
    id bigint NOT NULL,
    key text NOT NULL,
    name text NOT NULL,
    name_key text NOT NULL,
    bot boolean NOT NULL,
    created_ms bigint NOT NULL
);


--
-- Name: players_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.players ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.players_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ratings (
    player bigint NOT NULL,
    pool text NOT NULL,
    rating double precision NOT NULL,
    deviation double precision NOT NULL,
    volatility double precision NOT NULL,
    games bigint NOT NULL
);


--
-- Name: relay_nodes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.relay_nodes (
    name text NOT NULL,
    pid integer NOT NULL,
    backend_start timestamp with time zone NOT NULL
);


--
-- Name: room_leases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.room_leases (
    code text NOT NULL,
    node text NOT NULL,
    epoch bigint NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: rooms; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rooms (
    code text NOT NULL,
    game text NOT NULL,
    options text NOT NULL,
    clock_initial_ms bigint,
    clock_increment_ms bigint,
    token_a text NOT NULL,
    token_b text,
    created_ms bigint NOT NULL,
    rated boolean DEFAULT false NOT NULL,
    player_a bigint,
    player_b bigint,
    seen_ms bigint
);


--
-- Name: schema_migrations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.games VALUES ('4ba4kjvtmh', 1, 'hunters', 'crowd', 'stronghold_filled', 1796544605386, '{"hunters":{"old":{"rating":1500,"deviation":350,"provisional":true},"new":{"rating":1338,"deviation":290,"provisional":true}},"crowd":{"old":{"rating":1500,"deviation":350,"provisional":true},"new":{"rating":1662,"deviation":290,"provisional":true}}}');
INSERT INTO public.games VALUES ('zadf6ksp92', 1, 'crowd', 'crowd', 'no_moves', 1796544608082, '{"hunters":{"old":{"rating":1500,"deviation":350,"provisional":true},"new":{"rating":1338,"deviation":290,"provisional":true}},"crowd":{"old":{"rating":1500,"deviation":350,"provisional":true},"new":{"rating":1662,"deviation":290,"provisional":true}}}');
INSERT INTO public.games VALUES ('accfc9k6wm', 1, 'hunters', NULL, 'repetition', 1796544612286, '{"hunters":{"old":{"rating":1500,"deviation":350,"provisional":true},"new":{"rating":1500,"deviation":290,"provisional":true}},"crowd":{"old":{"rating":1500,"deviation":350,"provisional":true},"new":{"rating":1500,"deviation":290,"provisional":true}}}');
INSERT INTO public.games VALUES ('fd5j984xkv', 1, 'crowd', 'crowd', 'no_moves', 1796544613666, '{"hunters":{"old":{"rating":1500,"deviation":350,"provisional":true},"new":{"rating":1338,"deviation":290,"provisional":true}},"crowd":{"old":{"rating":1500,"deviation":350,"provisional":true},"new":{"rating":1662,"deviation":290,"provisional":true}}}');
INSERT INTO public.games VALUES ('wrtcwqdq2f', 1, 'crowd', NULL, NULL, NULL, NULL);


--
-- Data for Name: moves; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 0, 'b5-c5', NULL, NULL, 1796544599654);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 1, 'c6-d6', NULL, NULL, 1796544599666);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 2, 'd4-e5', NULL, NULL, 1796544599714);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 3, 'e6-e7', NULL, NULL, 1796544599726);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 4, 'c3-d4', NULL, NULL, 1796544599774);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 5, 'd6-d5', NULL, NULL, 1796544599786);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 6, 'a5-b5', NULL, NULL, 1796544599830);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 7, 'd5-d6', NULL, NULL, 1796544599842);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 8, 'd2-c3', NULL, NULL, 1796544599890);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 9, 'e7-d7', NULL, NULL, 1796544599902);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 10, 'a4-a5', NULL, NULL, 1796544599950);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 11, 'd7-c7', NULL, NULL, 1796544599962);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 12, 'c5-d5', NULL, NULL, 1796544600010);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 13, 'c7-c6', NULL, NULL, 1796544600022);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 14, 'b4-a4', NULL, NULL, 1796544600070);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 15, 'c6-c5', NULL, NULL, 1796544600082);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 16, 'd1-d2', NULL, NULL, 1796544600126);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 17, 'c5-c6', NULL, NULL, 1796544600138);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 18, 'c1-d1', NULL, NULL, 1796544600186);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 19, 'c6-c5', NULL, NULL, 1796544600198);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 20, 'a4-b4', NULL, NULL, 1796544600246);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 21, 'd6-c7', NULL, NULL, 1796544600258);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 22, 'd1-c1', NULL, NULL, 1796544600302);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 23, 'c7-d6', NULL, NULL, 1796544600318);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 24, 'e1-d1', NULL, NULL, 1796544600358);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 25, 'd6-d7', NULL, NULL, 1796544600378);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 26, 'b4-a4', NULL, NULL, 1796544600422);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 27, 'd7-d6', NULL, NULL, 1796544600434);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 28, 'b3-b4', NULL, NULL, 1796544600478);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 29, 'd6-c7', NULL, NULL, 1796544600490);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 30, 'd1-e1', NULL, NULL, 1796544600538);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 31, 'c7-d6', NULL, NULL, 1796544600550);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 32, 'c1-d1', NULL, NULL, 1796544600598);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 33, 'd6-c6', NULL, NULL, 1796544600610);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 34, 'a3-b3', NULL, NULL, 1796544600654);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 35, 'c5xa3', NULL, NULL, 1796544600662);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 36, 'b5-c5', NULL, NULL, 1796544600711);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 37, 'a3-b4', NULL, NULL, 1796544600722);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 38, 'e5-e6', NULL, NULL, 1796544600770);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 39, 'b4xd6', NULL, NULL, 1796544600778);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 40, 'f5-e5', NULL, NULL, 1796544600826);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 41, 'c6-c5', NULL, NULL, 1796544600838);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 42, 'd1-c1', NULL, NULL, 1796544600886);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 43, 'd6-d7', NULL, NULL, 1796544600898);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 44, 'g5-f5', NULL, NULL, 1796544600942);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 45, 'd7-d6', NULL, NULL, 1796544600958);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 46, 'c1-d1', NULL, NULL, 1796544600998);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 47, 'd6-d7', NULL, NULL, 1796544601014);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 48, 'e6-e7', NULL, NULL, 1796544601054);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 49, 'c5-b5', NULL, NULL, 1796544601070);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 50, 'c4-c5', NULL, NULL, 1796544601110);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 51, 'b5-b4', NULL, NULL, 1796544601126);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 52, 'c5-d6', NULL, NULL, 1796544601166);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 53, 'b4-c4', NULL, NULL, 1796544601182);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 54, 'f5-g5', NULL, NULL, 1796544601218);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 55, 'd7-c7', NULL, NULL, 1796544601238);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 56, 'd1-c1', NULL, NULL, 1796544601274);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 57, 'c4-c5', NULL, NULL, 1796544601298);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 58, 'e1-d1', NULL, NULL, 1796544601330);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 59, 'c5-c6', NULL, NULL, 1796544601358);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 60, 'd6-d7', NULL, NULL, 1796544601386);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 61, 'c7-d6', NULL, NULL, 1796544601418);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 62, 'b3-a3', NULL, NULL, 1796544601438);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 63, 'c6-c5', NULL, NULL, 1796544601478);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 64, 'd1-e1', NULL, NULL, 1796544601494);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 65, 'c5-b4', NULL, NULL, 1796544601538);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 66, 'c1-d1', NULL, NULL, 1796544601546);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 67, 'd6-c7', NULL, NULL, 1796544601594);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 68, 'd5-d6', NULL, NULL, 1796544601602);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 69, 'c7-c6', NULL, NULL, 1796544601650);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 70, 'e5-e6', NULL, NULL, 1796544601658);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 71, 'c6-c5', NULL, NULL, 1796544601703);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 72, 'a3-b3', NULL, NULL, 1796544601710);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 73, 'c5-d5', NULL, NULL, 1796544601758);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 74, 'd6-c7', NULL, NULL, 1796544601766);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 75, 'b4-b5', NULL, NULL, 1796544601814);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 76, 'd1-c1', NULL, NULL, 1796544601822);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 77, 'b5-c5', NULL, NULL, 1796544601870);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 78, 'f4-f5', NULL, NULL, 1796544601878);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 79, 'c5-c4', NULL, NULL, 1796544601926);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 80, 'c1-d1', NULL, NULL, 1796544601934);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 81, 'c4-b4', NULL, NULL, 1796544601986);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 82, 'e6-d6', NULL, NULL, 1796544601998);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 83, 'd5-c5', NULL, NULL, 1796544602042);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 84, 'd6-c6', NULL, NULL, 1796544602050);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 85, 'c5-d6', NULL, NULL, 1796544602098);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 86, 'b3-a3', NULL, NULL, 1796544602110);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 87, 'd6-d5', NULL, NULL, 1796544602158);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 88, 'd1-c1', NULL, NULL, 1796544602170);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 89, 'd5-c5', NULL, NULL, 1796544602218);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 90, 'f3-f4', NULL, NULL, 1796544602226);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 91, 'c5-d6', NULL, NULL, 1796544602274);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 92, 'd4-e5', NULL, NULL, 1796544602286);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 93, 'd6-c5', NULL, NULL, 1796544602330);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 94, 'c1-d1', NULL, NULL, 1796544602342);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 95, 'b4-c4', NULL, NULL, 1796544602390);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 96, 'a3-b3', NULL, NULL, 1796544602398);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 97, 'c4-d4', NULL, NULL, 1796544602446);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 98, 'd1-c1', NULL, NULL, 1796544602458);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 99, 'c5-b4', NULL, NULL, 1796544602506);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 100, 'e5-e6', NULL, NULL, 1796544602518);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 101, 'b4-c5', NULL, NULL, 1796544602566);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 102, 'e4-e5', NULL, NULL, 1796544602578);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 103, 'd4-d5', NULL, NULL, 1796544602626);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 104, 'c1-d1', NULL, NULL, 1796544602638);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 105, 'd5-d4', NULL, NULL, 1796544602686);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 106, 'c6-d6', NULL, NULL, 1796544602698);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 107, 'c5-b4', NULL, NULL, 1796544602742);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 108, 'g3-f3', NULL, NULL, 1796544602754);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 109, 'b4-c5', NULL, NULL, 1796544602802);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 110, 'b3-a3', NULL, NULL, 1796544602814);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 111, 'd4-c4', NULL, NULL, 1796544602854);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 112, 'd1-c1', NULL, NULL, 1796544602872);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 113, 'c4-b4', NULL, NULL, 1796544602910);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 114, 'd6-c6', NULL, NULL, 1796544602934);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 115, 'c5-d4', NULL, NULL, 1796544602966);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 116, 'f3-g3', NULL, NULL, 1796544602990);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 117, 'b4-c5', NULL, NULL, 1796544603026);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 118, 'c1-d1', NULL, NULL, 1796544603046);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 119, 'c5-d6', NULL, NULL, 1796544603082);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 120, 'c3-b3', NULL, NULL, 1796544603106);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 121, 'd4-c3', NULL, NULL, 1796544603142);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 122, 'd1-c1', NULL, NULL, 1796544603166);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 123, 'c3-d4', NULL, NULL, 1796544603202);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 124, 'a5-b5', NULL, NULL, 1796544603226);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 125, 'd6-c5', NULL, NULL, 1796544603262);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 126, 'a4-a5', NULL, NULL, 1796544603286);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 127, 'd4-c4', NULL, NULL, 1796544603322);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 128, 'd2-c3', NULL, NULL, 1796544603346);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 129, 'c4-d4', NULL, NULL, 1796544603382);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 130, 'e1-d2', NULL, NULL, 1796544603402);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 131, 'c5-b4', NULL, NULL, 1796544603442);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 132, 'c1-d1', NULL, NULL, 1796544603462);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 133, 'd4-e4', NULL, NULL, 1796544603502);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 134, 'g3-f3', NULL, NULL, 1796544603522);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 135, 'e4-d4', NULL, NULL, 1796544603562);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 136, 'd1-c1', NULL, NULL, 1796544603582);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 137, 'd4-d5', NULL, NULL, 1796544603622);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 138, 'e6-d6', NULL, NULL, 1796544603642);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 139, 'd5-d4', NULL, NULL, 1796544603678);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 140, 'c1-d1', NULL, NULL, 1796544603702);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 141, 'd4-e4', NULL, NULL, 1796544603739);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 142, 'e5-e6', NULL, NULL, 1796544603762);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 143, 'e4-e5', NULL, NULL, 1796544603798);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 144, 'f3-g3', NULL, NULL, 1796544603818);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 145, 'b4-c5', NULL, NULL, 1796544603854);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 146, 'd1-c1', NULL, NULL, 1796544603878);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 147, 'c5-b4', NULL, NULL, 1796544603914);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 148, 'a3-a4', NULL, NULL, 1796544603938);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 149, 'b4-c5', NULL, NULL, 1796544603974);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 150, 'c1-d1', NULL, NULL, 1796544603998);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 151, 'c5-b4', NULL, NULL, 1796544604034);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 152, 'b3-a3', NULL, NULL, 1796544604050);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 153, 'b4-c4', NULL, NULL, 1796544604086);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 154, 'd1-c1', NULL, NULL, 1796544604110);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 155, 'c4-d4', NULL, NULL, 1796544604142);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 156, 'b5-c5', NULL, NULL, 1796544604170);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 157, 'e5-d5', NULL, NULL, 1796544604198);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 158, 'a5-b5', NULL, NULL, 1796544604230);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 159, 'd5-e5', NULL, NULL, 1796544604254);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 160, 'c1-d1', NULL, NULL, 1796544604290);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 161, 'd4-e4', NULL, NULL, 1796544604310);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 162, 'd1-e1', NULL, NULL, 1796544604350);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 163, 'e4-d4', NULL, NULL, 1796544604362);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 164, 'a4-a5', NULL, NULL, 1796544604410);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 165, 'd4-c4', NULL, NULL, 1796544604422);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 166, 'a3-a4', NULL, NULL, 1796544604470);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 167, 'c4-d4', NULL, NULL, 1796544604518);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 168, 'e1-d1', NULL, NULL, 1796544604530);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 169, 'd4-c4', NULL, NULL, 1796544604574);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 170, 'd1-c1', NULL, NULL, 1796544604586);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 171, 'c4-d4', NULL, NULL, 1796544604634);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 172, 'g3-f3', NULL, NULL, 1796544604646);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 173, 'e5xg3', NULL, NULL, 1796544604694);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 174, 'f5-e5', NULL, NULL, 1796544604706);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 175, 'd4-d5', NULL, NULL, 1796544604750);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 176, 'c3-b3', NULL, NULL, 1796544604758);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 177, 'd5xf5', NULL, NULL, 1796544604802);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 178, 'b3-b4', NULL, NULL, 1796544604810);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 179, 'f5-e5', NULL, NULL, 1796544604858);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 180, 'c2-c3', NULL, NULL, 1796544604870);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 181, 'g3-f4', NULL, NULL, 1796544604918);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 182, 'c1-d1', NULL, NULL, 1796544604930);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 183, 'e5-d4', NULL, NULL, 1796544604978);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 184, 'd1-e1', NULL, NULL, 1796544604990);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 185, 'd4-c4', NULL, NULL, 1796544605038);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 186, 'c3-b3', NULL, NULL, 1796544605050);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 187, 'c4-c3', NULL, NULL, 1796544605098);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 188, 'b3-a3', NULL, NULL, 1796544605110);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 189, 'c3-d4', NULL, NULL, 1796544605159);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 190, 'f3-g3', NULL, NULL, 1796544605166);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 191, 'd4-c4', NULL, NULL, 1796544605214);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 192, 'g5-f5', NULL, NULL, 1796544605222);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 193, 'f4-g5', NULL, NULL, 1796544605266);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 194, 'f5-e5', NULL, NULL, 1796544605278);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 195, 'c4-c3', NULL, NULL, 1796544605322);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 196, 'c5-d5', NULL, NULL, 1796544605330);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 197, 'c3-d4', NULL, NULL, 1796544605378);
INSERT INTO public.moves VALUES ('4ba4kjvtmh', 1, 198, 'b4-c5', NULL, NULL, 1796544605386);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 0, '@d6', 180000, 180000, 1796544605682);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 1, '@c5', 180000, 180000, 1796544605690);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 2, 'f5-e5', 180000, 181993, 1796544605698);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 3, 'd6-d5', 181957, 181993, 1796544605742);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 4, 'f4-f5', 181957, 183986, 1796544605750);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 5, 'd5-d6', 183910, 183986, 1796544605798);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 6, 'g3-f4', 183910, 185979, 1796544605806);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 7, 'd6-e6', 185867, 185979, 1796544605850);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 8, 'd4-d5', 185867, 187972, 1796544605858);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 9, 'c5-d4', 187820, 187972, 1796544605906);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 10, 'd5-c5', 187820, 189965, 1796544605914);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 11, 'e6-e7', 189773, 189965, 1796544605962);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 12, 'f3-g3', 189773, 191958, 1796544605970);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 13, 'd4-d5', 191726, 191958, 1796544606018);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 14, 'c3-d4', 191726, 193951, 1796544606026);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 15, 'd5-d6', 193679, 193951, 1796544606074);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 16, 'd2-c3', 193679, 195944, 1796544606082);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 17, 'd6-c6', 195632, 195944, 1796544606130);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 18, 'c1-d2', 195632, 197937, 1796544606138);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 19, 'c6-d6', 197585, 197937, 1796544606186);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 20, 'd1-c1', 197585, 199931, 1796544606194);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 21, 'd6-e6', 199538, 199931, 1796544606242);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 22, 'c5-c6', 199538, 201924, 1796544606250);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 23, 'e7-d6', 201491, 201924, 1796544606298);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 24, 'd4-c5', 201491, 203917, 1796544606306);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 25, 'e6-e7', 203444, 203917, 1796544606354);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 26, 'e3-f3', 203444, 205906, 1796544606366);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 27, 'd6-c7', 205401, 205906, 1796544606410);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 28, 'e2-e3', 205401, 207899, 1796544606418);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 29, 'c7-d7', 207354, 207899, 1796544606466);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 30, 'e3-d4', 207354, 209892, 1796544606474);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 31, 'd7-d6', 209311, 209892, 1796544606518);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 32, 'c6-c7', 209311, 211881, 1796544606530);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 33, 'e7-d7', 211270, 211881, 1796544606574);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 34, 'd2-e3', 211270, 213874, 1796544606582);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 35, 'd7-e7', 213227, 213874, 1796544606626);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 36, 'c1-d2', 213227, 215863, 1796544606638);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 37, 'd6-c6', 215188, 215863, 1796544606678);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 38, 'e1-d1', 215188, 217844, 1796544606698);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 39, 'c6-d6', 217149, 217844, 1796544606738);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 40, 'c5-c6', 217149, 219825, 1796544606758);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 41, 'd6-c5', 219114, 219825, 1796544606794);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 42, 'd1-c1', 219114, 221799, 1796544606821);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 43, 'e7-e6', 221086, 221799, 1796544606850);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 44, 'd4-d5', 221086, 223769, 1796544606881);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 45, 'c5-d4', 223062, 223769, 1796544606906);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 46, 'd5-c5', 223062, 225746, 1796544606930);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 47, 'e6-e7', 225031, 225746, 1796544606962);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 48, 'c1-d1', 225031, 227723, 1796544606986);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 49, 'e7-d7', 227000, 227723, 1796544607018);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 50, 'd1-e1', 227000, 229697, 1796544607046);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 51, 'd7-e7', 228974, 229697, 1796544607074);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 52, 'c6-d6', 228974, 231666, 1796544607106);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 53, 'e7-e6', 230951, 231666, 1796544607130);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 54, 'd6-e7', 230951, 233639, 1796544607158);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 55, 'e6-d6', 232920, 233639, 1796544607190);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 56, 'e1-d1', 232920, 235620, 1796544607214);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 57, 'd4-d5', 234885, 235620, 1796544607250);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 58, 'e3-d4', 234885, 237601, 1796544607270);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 59, 'd6-e6', 236842, 237601, 1796544607314);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 60, 'd1-e1', 236842, 239594, 1796544607322);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 61, 'd5-d6', 238795, 239594, 1796544607370);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 62, 'f3-e3', 238795, 241583, 1796544607382);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 63, 'd6-d5', 240748, 241583, 1796544607430);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 64, 'c7-d7', 240748, 243572, 1796544607442);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 65, 'd5-d6', 242705, 243572, 1796544607486);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 66, 'g3-f3', 242705, 245565, 1796544607494);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 67, 'd6-c7', 244654, 245565, 1796544607546);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 68, 'c5-d5', 244654, 247558, 1796544607554);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 69, 'e6-d6', 246595, 247558, 1796544607614);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 70, 'b5-c5', 246595, 249547, 1796544607626);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 71, 'd6-e6', 248548, 249547, 1796544607674);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 72, 'f3-g3', 248548, 251536, 1796544607686);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 73, 'e6-d6', 250509, 251536, 1796544607726);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 74, 'e1-e2', 250509, 253525, 1796544607738);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 75, 'd6-c6', 252466, 253525, 1796544607782);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 76, 'e3-f3', 252466, 255514, 1796544607794);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 77, 'c6-d6', 254423, 255514, 1796544607838);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 78, 'd2-e3', 254423, 257503, 1796544607850);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 79, 'd6-c6', 256376, 257503, 1796544607898);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 80, 'e5-e6', 256376, 259492, 1796544607910);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 81, 'c6-d6', 258333, 259492, 1796544607954);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 82, 'f5-e5', 258333, 261481, 1796544607966);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 83, 'c7-c6', 260286, 261481, 1796544608014);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 84, 'd7-c7', 260286, 263474, 1796544608022);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 85, 'd6-d7', 262243, 263474, 1796544608070);
INSERT INTO public.moves VALUES ('zadf6ksp92', 1, 86, 'e5-d6', 262243, 265463, 1796544608082);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 0, 'd4-d5', NULL, NULL, 1796544608322);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 1, 'e3-f4', NULL, NULL, 1796544608366);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 2, 'd5-c5', NULL, NULL, 1796544608378);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 3, 'd2-e3', NULL, NULL, 1796544608426);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 4, 'c5-d5', NULL, NULL, 1796544608434);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 5, 'c1-d2', NULL, NULL, 1796544608486);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 6, 'd5-d4', NULL, NULL, 1796544608498);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 7, 'd3-e4', NULL, NULL, 1796544608546);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 8, 'd4-c5', NULL, NULL, 1796544608554);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 9, 'd2-d3', NULL, NULL, 1796544608602);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 10, 'c5-d5', NULL, NULL, 1796544608614);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 11, 'd1-d2', NULL, NULL, 1796544608658);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 12, 'd5-d6', NULL, NULL, 1796544608670);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 13, 'a4-a5', NULL, NULL, 1796544608718);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 14, 'd6-c5', NULL, NULL, 1796544608730);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 15, 'b3-a4', NULL, NULL, 1796544608778);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 16, 'c5-d6', NULL, NULL, 1796544608790);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 17, 'c3-b3', NULL, NULL, 1796544608838);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 18, 'd6-c6', NULL, NULL, 1796544608850);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 19, 'e1-d1', NULL, NULL, 1796544608898);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 20, 'c6-d6', NULL, NULL, 1796544608910);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 21, 'd1-c1', NULL, NULL, 1796544608954);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 22, 'd6-c5', NULL, NULL, 1796544608966);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 23, 'a4-b4', NULL, NULL, 1796544609010);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 24, 'c5-c4', NULL, NULL, 1796544609022);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 25, 'b4-b5', NULL, NULL, 1796544609066);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 26, 'c4-c3', NULL, NULL, 1796544609078);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 27, 'e4-e5', NULL, NULL, 1796544609118);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 28, 'c3xe1', NULL, NULL, 1796544609134);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 29, 'a3-a4', NULL, NULL, 1796544609174);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 30, 'e1-d2', NULL, NULL, 1796544609190);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 31, 'd3-e4', NULL, NULL, 1796544609226);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 32, 'd2-c3', NULL, NULL, 1796544609250);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 33, 'b3-a3', NULL, NULL, 1796544609286);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 34, 'c3-b3', NULL, NULL, 1796544609310);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 35, 'c2-d3', NULL, NULL, 1796544609342);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 36, 'b3-c4', NULL, NULL, 1796544609366);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 37, 'g4-f5', NULL, NULL, 1796544609402);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 38, 'c4-d4', NULL, NULL, 1796544609422);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 39, 'c1-d2', NULL, NULL, 1796544609462);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 40, 'd4-c3', NULL, NULL, 1796544609478);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 41, 'e5-d6', NULL, NULL, 1796544609522);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 42, 'c3xe1', NULL, NULL, 1796544609534);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 43, 'd6-e7', NULL, NULL, 1796544609578);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 44, 'e1-d2', NULL, NULL, 1796544609590);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 45, 'd3-c4', NULL, NULL, 1796544609638);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 46, 'd2-c3', NULL, NULL, 1796544609650);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 47, 'c4-b4', NULL, NULL, 1796544609694);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 48, 'c3-c4', NULL, NULL, 1796544609702);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 49, 'f5-e6', NULL, NULL, 1796544609750);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 50, 'c4-d3', NULL, NULL, 1796544609762);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 51, 'e4-f5', NULL, NULL, 1796544609806);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 52, 'd3-c3', NULL, NULL, 1796544609814);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 53, 'e6-d7', NULL, NULL, 1796544609862);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 54, 'c3-d4', NULL, NULL, 1796544609874);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 55, 'f4-g5', NULL, NULL, 1796544609918);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 56, 'd4-d3', NULL, NULL, 1796544609930);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 57, 'f5-e6', NULL, NULL, 1796544609978);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 58, 'd3-c2', NULL, NULL, 1796544609990);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 59, 'g3-f4', NULL, NULL, 1796544610034);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 60, 'c2-d3', NULL, NULL, 1796544610053);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 61, 'b4-c5', NULL, NULL, 1796544610094);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 62, 'd3-c4', NULL, NULL, 1796544610114);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 63, 'b5-c6', NULL, NULL, 1796544610150);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 64, 'c4-d5', NULL, NULL, 1796544610174);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 65, 'c5-b5', NULL, NULL, 1796544610210);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 66, 'd5-d4', NULL, NULL, 1796544610234);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 67, 'd7-c7', NULL, NULL, 1796544610270);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 68, 'd4-d3', NULL, NULL, 1796544610286);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 69, 'f4-f5', NULL, NULL, 1796544610326);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 70, 'd3-d2', NULL, NULL, 1796544610346);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 71, 'f3-f4', NULL, NULL, 1796544610386);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 72, 'd2-d3', NULL, NULL, 1796544610404);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 73, 'e2-f3', NULL, NULL, 1796544610446);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 74, 'd3-e4', NULL, NULL, 1796544610454);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 75, 'f3-g4', NULL, NULL, 1796544610502);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 76, 'e4xe2', NULL, NULL, 1796544610517);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 77, 'c6-d7', NULL, NULL, 1796544610562);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 78, 'e2-d3', NULL, NULL, 1796544610574);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 79, 'f4-e5', NULL, NULL, 1796544610618);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 80, 'd3-d4', NULL, NULL, 1796544610630);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 81, 'e5-d6', NULL, NULL, 1796544610678);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 82, 'd4-d3', NULL, NULL, 1796544610690);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 83, 'd6-c6', NULL, NULL, 1796544610738);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 84, 'd3-c2', NULL, NULL, 1796544610753);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 85, 'a3-b3', NULL, NULL, 1796544610798);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 86, 'c2-c3', NULL, NULL, 1796544610810);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 87, 'b3-b4', NULL, NULL, 1796544610858);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 88, 'c3-d4', NULL, NULL, 1796544610870);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 89, 'b4-c5', NULL, NULL, 1796544610918);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 90, 'd4-d3', NULL, NULL, 1796544610930);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 91, 'f5-e5', NULL, NULL, 1796544610978);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 92, 'd3-e4', NULL, NULL, 1796544610986);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 93, 'e5-d6', NULL, NULL, 1796544611034);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 94, 'e4-d3', NULL, NULL, 1796544611046);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 95, 'a4-b4', NULL, NULL, 1796544611094);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 96, 'd3-c3', NULL, NULL, 1796544611102);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 97, 'g4-f4', NULL, NULL, 1796544611150);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 98, 'c3-c4', NULL, NULL, 1796544611158);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 99, 'b4-a4', NULL, NULL, 1796544611202);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 100, 'c4-d3', NULL, NULL, 1796544611210);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 101, 'f4-f5', NULL, NULL, 1796544611258);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 102, 'd3-c2', NULL, NULL, 1796544611270);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 103, 'f5-e5', NULL, NULL, 1796544611314);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 104, 'c2-d2', NULL, NULL, 1796544611322);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 105, 'c5-d5', NULL, NULL, 1796544611370);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 106, 'd2-c3', NULL, NULL, 1796544611378);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 107, 'b5-c5', NULL, NULL, 1796544611422);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 108, 'c3-d2', NULL, NULL, 1796544611434);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 109, 'e5-f5', NULL, NULL, 1796544611478);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 110, 'd2-d3', NULL, NULL, 1796544611490);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 111, 'a4-b4', NULL, NULL, 1796544611538);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 112, 'd3-c4', NULL, NULL, 1796544611550);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 113, 'b4-b5', NULL, NULL, 1796544611594);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 114, 'c4-d3', NULL, NULL, 1796544611602);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 115, 'd5-e5', NULL, NULL, 1796544611650);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 116, 'd3-e2', NULL, NULL, 1796544611658);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 117, 'c5-d5', NULL, NULL, 1796544611706);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 118, 'e2-d1', NULL, NULL, 1796544611714);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 119, 'b5-c5', NULL, NULL, 1796544611762);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 120, 'd1-c1', NULL, NULL, 1796544611770);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 121, 'a5-b5', NULL, NULL, 1796544611814);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 122, 'c1-d1', NULL, NULL, 1796544611822);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 123, 'b5-a5', NULL, NULL, 1796544611870);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 124, 'd1-c1', NULL, NULL, 1796544611878);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 125, 'c5-b5', NULL, NULL, 1796544611930);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 126, 'c1-d1', NULL, NULL, 1796544611938);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 127, 'd5-c5', NULL, NULL, 1796544611986);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 128, 'd1-e2', NULL, NULL, 1796544611994);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 129, 'e5-d5', NULL, NULL, 1796544612042);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 130, 'e2-d3', NULL, NULL, 1796544612050);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 131, 'f5-e5', NULL, NULL, 1796544612098);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 132, 'd3-c2', NULL, NULL, 1796544612110);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 133, 'g5-f5', NULL, NULL, 1796544612158);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 134, 'c2-d3', NULL, NULL, 1796544612170);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 135, 'f5-g5', NULL, NULL, 1796544612214);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 136, 'd3-c2', NULL, NULL, 1796544612226);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 137, 'e5-f5', NULL, NULL, 1796544612274);
INSERT INTO public.moves VALUES ('accfc9k6wm', 1, 138, 'c2-d3', NULL, NULL, 1796544612286);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 0, '@c1', NULL, NULL, 1796544612566);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 1, 'a5-b4', NULL, NULL, 1796544612606);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 2, '@b1', NULL, NULL, 1796544612618);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 3, 'e5-d4', NULL, NULL, 1796544612658);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 4, '@c5', NULL, NULL, 1796544612674);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 5, 'e1-d2', NULL, NULL, 1796544612718);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 6, '@d5', NULL, NULL, 1796544612730);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 7, 'a1-b2', NULL, NULL, 1796544612774);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 8, '@d1', NULL, NULL, 1796544612782);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 9, 'b2-a1', NULL, NULL, 1796544612830);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 10, '@e3', NULL, NULL, 1796544612842);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 11, 'a1-a2', NULL, NULL, 1796544612886);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 12, '@b5', NULL, NULL, 1796544612898);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 13, 'd2-e2', NULL, NULL, 1796544612942);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 14, '@e4', NULL, NULL, 1796544612954);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 15, 'a2-b2', NULL, NULL, 1796544612998);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 16, '@e5', NULL, NULL, 1796544613010);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 17, 'e2-d2', NULL, NULL, 1796544613054);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 18, '@a1', NULL, NULL, 1796544613062);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 19, 'd4-d3', NULL, NULL, 1796544613110);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 20, '@a2', NULL, NULL, 1796544613118);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 21, 'b2-a3', NULL, NULL, 1796544613166);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 22, '@b2', NULL, NULL, 1796544613178);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 23, 'a3-b3', NULL, NULL, 1796544613218);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 24, '@e2', NULL, NULL, 1796544613230);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 25, 'd2-e1', NULL, NULL, 1796544613270);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 26, '@a3', NULL, NULL, 1796544613282);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 27, 'b3-c3', NULL, NULL, 1796544613326);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 28, '@b3', NULL, NULL, 1796544613334);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 29, 'b4-a4', NULL, NULL, 1796544613378);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 30, '@a5', NULL, NULL, 1796544613390);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 31, 'd3-d4', NULL, NULL, 1796544613434);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 32, '@c2', NULL, NULL, 1796544613442);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 33, 'c3-d2', NULL, NULL, 1796544613490);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 34, '@d3', NULL, NULL, 1796544613498);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 35, 'd2-c3', NULL, NULL, 1796544613542);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 36, '@d2', NULL, NULL, 1796544613550);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 37, 'a4-b4', NULL, NULL, 1796544613598);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 38, '@c4', NULL, NULL, 1796544613606);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 39, 'b4-a4', NULL, NULL, 1796544613654);
INSERT INTO public.moves VALUES ('fd5j984xkv', 1, 40, 'b5-b4', NULL, NULL, 1796544613666);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 0, 'b4-c5', NULL, NULL, 1796544613970);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 1, 'c6-c7', NULL, NULL, 1796544614026);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 2, 'f5-e5', NULL, NULL, 1796544614082);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 3, 'e6-d6', NULL, NULL, 1796544614138);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 4, 'c3-b4', NULL, NULL, 1796544614202);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 5, 'd6-d5', NULL, NULL, 1796544614258);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 6, 'g5-f5', NULL, NULL, 1796544614310);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 7, 'd5-d6', NULL, NULL, 1796544614366);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 8, 'd2-c3', NULL, NULL, 1796544614431);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 9, 'c7-d7', NULL, NULL, 1796544614486);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 10, 'c1-d2', NULL, NULL, 1796544614546);
INSERT INTO public.moves VALUES ('wrtcwqdq2f', 1, 11, 'd7-c7', NULL, NULL, 1796544614602);


--
-- Data for Name: players; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.players OVERRIDING SYSTEM VALUE VALUES (1, 'alice-key-0000000000000001', 'alice', 'alice', true, 1796544599459);
INSERT INTO public.players OVERRIDING SYSTEM VALUE VALUES (2, 'bruno-key-0000000000000002', 'bruno', 'bruno', true, 1796544599594);
INSERT INTO public.players OVERRIDING SYSTEM VALUE VALUES (3, 'carla-key-0000000000000003', 'carla', 'carla', true, 1796544605626);


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ratings VALUES (1, 'pirates/untimed', 1337.6891074309397, 290.31896252204893, 0.05999926959652241, 1);
INSERT INTO public.ratings VALUES (2, 'pirates/untimed', 1662.3108925690603, 290.31896252204893, 0.05999926959652241, 1);
INSERT INTO public.ratings VALUES (2, 'asalto/blitz', 1662.3108925690603, 290.31896252204893, 0.05999926959652241, 1);
INSERT INTO public.ratings VALUES (3, 'asalto/blitz', 1337.6891074309397, 290.31896252204893, 0.05999926959652241, 1);
INSERT INTO public.ratings VALUES (3, 'fox-geese/untimed', 1500, 290.3189577880445, 0.05999766333673274, 1);
INSERT INTO public.ratings VALUES (1, 'fox-geese/untimed', 1500, 290.3189577880445, 0.05999766333673274, 1);
INSERT INTO public.ratings VALUES (1, 'bagh-chal/untimed', 1662.3108925690603, 290.31896252204893, 0.05999926959652241, 1);
INSERT INTO public.ratings VALUES (3, 'bagh-chal/untimed', 1337.6891074309397, 290.31896252204893, 0.05999926959652241, 1);


--
-- Data for Name: relay_nodes; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.relay_nodes VALUES ('vm/127.0.0.1:33267', 8070, '2026-12-06 08:09:59.398694+00');


--
-- Data for Name: room_leases; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.room_leases VALUES ('4ba4kjvtmh', 'vm/127.0.0.1:33267', 1, '2026-12-06 08:10:29.462473+00');
INSERT INTO public.room_leases VALUES ('zadf6ksp92', 'vm/127.0.0.1:33267', 1, '2026-12-06 08:10:35.515666+00');
INSERT INTO public.room_leases VALUES ('accfc9k6wm', 'vm/127.0.0.1:33267', 1, '2026-12-06 08:10:38.220468+00');
INSERT INTO public.room_leases VALUES ('fd5j984xkv', 'vm/127.0.0.1:33267', 1, '2026-12-06 08:10:42.431274+00');
INSERT INTO public.room_leases VALUES ('wrtcwqdq2f', 'vm/127.0.0.1:33267', 1, '2026-12-06 08:10:43.823107+00');


--
-- Data for Name: rooms; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.rooms VALUES ('4ba4kjvtmh', 'pirates', 'compulsory=on retreat=off', NULL, NULL, '64bc27ea18799b1598ed2565a7092cbe', '3cbc5507d62712d57f208f0a263146c2', 1796544599463, true, 1, 2, NULL);
INSERT INTO public.rooms VALUES ('zadf6ksp92', 'asalto', '', 180000, 2000, 'f7fd69439f01804f869b22a4a8a57fff', '1d3a2f1a56edb29850e04fe0d9e15cc2', 1796544605516, true, 2, 3, NULL);
INSERT INTO public.rooms VALUES ('accfc9k6wm', 'fox-geese', 'geese=15 sideways=on', NULL, NULL, 'c18dd6168dc4c908477649588c5445cd', '1d90a2df724ee2c97196067deaa299df', 1796544608226, true, 3, 1, NULL);
INSERT INTO public.rooms VALUES ('fd5j984xkv', 'bagh-chal', 'quiet-limit=on', NULL, NULL, '6c5f4b7d390b0fb75365b823a395252e', 'd29b9b2ef205d72bccf11fb7f407c06d', 1796544612431, true, 1, 3, NULL);
INSERT INTO public.rooms VALUES ('wrtcwqdq2f', 'pirates', 'compulsory=on retreat=on', NULL, NULL, '06adc9054e92d76e5d7fe2ddc56c1081', 'bf3a3ca66f4c10e6ef2a63163904994c', 1796544613823, false, 2, 1, NULL);


--
-- Data for Name: schema_migrations; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schema_migrations VALUES (1, '2026-12-06 08:09:59.348722+00');
INSERT INTO public.schema_migrations VALUES (2, '2026-12-06 08:09:59.387486+00');
INSERT INTO public.schema_migrations VALUES (3, '2026-12-06 08:09:59.390287+00');
INSERT INTO public.schema_migrations VALUES (4, '2026-12-06 08:09:59.394773+00');


--
-- Name: players_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.players_id_seq', 3, true);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (code, game_no);


--
-- Name: moves moves_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.moves
    ADD CONSTRAINT moves_pkey PRIMARY KEY (code, game_no, ply);


--
-- Name: players players_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_key_key UNIQUE (key);


--
-- Name: players players_name_key_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_name_key_key UNIQUE (name_key);


--
-- Name: players players_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.players
    ADD CONSTRAINT players_pkey PRIMARY KEY (id);


--
-- Name: ratings ratings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_pkey PRIMARY KEY (player, pool);


--
-- Name: relay_nodes relay_nodes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.relay_nodes
    ADD CONSTRAINT relay_nodes_pkey PRIMARY KEY (name);


--
-- Name: room_leases room_leases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.room_leases
    ADD CONSTRAINT room_leases_pkey PRIMARY KEY (code);


--
-- Name: rooms rooms_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (code);


--
-- Name: schema_migrations schema_migrations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);


--
-- Name: rooms_player_a; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rooms_player_a ON public.rooms USING btree (player_a);


--
-- Name: rooms_player_b; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rooms_player_b ON public.rooms USING btree (player_b);


--
-- PostgreSQL database dump complete
--

\unrestrict 0zajTK0Nuo0Y83mcFlFvO6gWzruzaWuRoxaif7bCEBi1asKgKqrQ569e8Cxa8HW

