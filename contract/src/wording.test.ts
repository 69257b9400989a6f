import { describe, expect, it } from 'vitest';
import { wordingSlips } from './wording.ts';

// One register per language, one word for one thing. The rule's own cases, from the texts the issue
// quotes; the locale files and e-mails are checked with it in web/src/i18n/wording.test.ts and the server's mail tests.

describe('wordingSlips', () => {
  it('finds usted in Spanish: its possessive, pronoun and imperatives', () => {
    expect(wordingSlips('es', 'Hemos recibido su pago')).toEqual(['su']);
    expect(wordingSlips('es', 'Elija un marcador para recoger allí su vehículo.')).toEqual(['elija', 'su']);
    expect(wordingSlips('es', '¡Algo salió mal! Inténtelo más tarde')).toEqual(['inténtelo']);
    expect(wordingSlips('es', 'Le hemos enviado un correo. ¿Ha olvidado su contraseña?')).toEqual(['le', 'su']);
  });

  it('passes Spanish written with tú, and does not take a word for part of another', () => {
    expect(wordingSlips('es', 'Completa tu reserva')).toEqual([]);
    expect(wordingSlips('es', 'Hemos recibido tu pago. Elige un marcador. Inténtalo más tarde.')).toEqual([]);
    // "su" inside "suscripción", "le" inside "lejos", "use" inside "usuario": not words of their own.
    expect(wordingSlips('es', 'Confirma tu suscripción; el usuario vive lejos.')).toEqual([]);
  });

  it('finds du in German and passes Sie', () => {
    expect(wordingSlips('de', 'Wähle dein Fahrzeug, wir schicken dir eine E-Mail.')).toEqual(['wähle', 'dein', 'dir']);
    expect(wordingSlips('de', 'Du hast dich angemeldet.')).toEqual(['du', 'dich']);
    expect(wordingSlips('de', 'Wählen Sie Ihr Fahrzeug, wir schicken Ihnen eine E-Mail.')).toEqual([]);
  });

  it('finds tu in French, elided or not, and passes vous', () => {
    expect(wordingSlips('fr', 'Choisis ta voiture et connecte-toi.')).toEqual(['choisis', 'ta', 'connecte', 'toi']);
    expect(wordingSlips('fr', 'Nous t’avons envoyé un e-mail.')).toEqual(['t’']);
    expect(wordingSlips('fr', 'Choisissez votre voiture. Nous vous avons envoyé un e-mail.')).toEqual([]);
  });

  it('finds ni in Swedish and passes du', () => {
    expect(wordingSlips('se', 'Har ni glömt ert lösenord?')).toEqual(['ni', 'ert']);
    expect(wordingSlips('se', 'Har du glömt ditt lösenord?')).toEqual([]);
  });

  it('has nothing to find in plain English', () => {
    expect(wordingSlips('en', 'Hello, your booking is confirmed.')).toEqual([]);
  });

  it('finds a down payment where we mean the security deposit, in every language', () => {
    expect(wordingSlips('de', 'mit einer Anzahlung online')).toEqual(['anzahlung']);
    expect(wordingSlips('fr', 'un acompte en ligne')).toEqual(['acompte']);
    expect(wordingSlips('se', 'Handpenning betald')).toEqual(['handpenning']);
    expect(wordingSlips('es', 'un anticipo en línea')).toEqual(['anticipo']);
    expect(wordingSlips('en', 'a down payment online')).toEqual(['down payment']);
    expect(wordingSlips('de', 'Kaution online bezahlen')).toEqual([]);
  });
});
