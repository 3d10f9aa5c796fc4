import { embedUrl, videoSearchUrl, watchUrl, youtubeVideoId } from './exercise-video';

describe('youtubeVideoId', () => {
  it.each([
    ['aB3dE_6hI-9', 'aB3dE_6hI-9'],
    ['https://www.youtube.com/watch?v=aB3dE_6hI-9&t=42s', 'aB3dE_6hI-9'],
    ['https://m.youtube.com/watch?v=aB3dE_6hI-9', 'aB3dE_6hI-9'],
    ['https://youtu.be/aB3dE_6hI-9?si=x', 'aB3dE_6hI-9'],
    ['https://www.youtube.com/shorts/aB3dE_6hI-9', 'aB3dE_6hI-9'],
    ['https://www.youtube-nocookie.com/embed/aB3dE_6hI-9', 'aB3dE_6hI-9'],
    ['  https://youtube.com/embed/aB3dE_6hI-9  ', 'aB3dE_6hI-9'],
  ])('reads %s', (input, id) => {
    expect(youtubeVideoId(input)).toBe(id);
  });

  it.each([
    'https://vimeo.com/123456',
    'https://www.youtube.com.evil.example/watch?v=aB3dE_6hI-9',
    'javascript:alert(1)',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/channel/aB3dE_6hI-9',
    'not a url',
    '',
  ])('refuses %s', (input) => {
    expect(youtubeVideoId(input)).toBeNull();
  });

  it('builds the privacy-enhanced embed, the watch page and the search link', () => {
    expect(embedUrl('aB3dE_6hI-9')).toBe('https://www.youtube-nocookie.com/embed/aB3dE_6hI-9');
    expect(watchUrl('aB3dE_6hI-9')).toBe('https://www.youtube.com/watch?v=aB3dE_6hI-9');
    expect(videoSearchUrl('Cat & Cow')).toBe(
      'https://www.youtube.com/results?search_query=Cat%20%26%20Cow%20golf%20exercise',
    );
  });
});
